import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, publicOnlyLookup } from './push-endpoint-guard.js';

const lookup = (host: string) =>
  new Promise<{ code: string | undefined; addresses: string | LookupAddress[] }>((resolve) =>
    publicOnlyLookup(host, { all: true }, (error, addresses) => resolve({ code: error?.code, addresses })),
  );

describe('the push endpoint guard', () => {
  it('knows private, loopback, link-local and mapped addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '192.168.0.1',
      '172.31.255.255',
      '169.254.169.254',
      '::1',
      'fd12::1',
      '::ffff:10.0.0.1',
      '::',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '142.250.74.42', '2a00:1450:4001::200e', '172.32.0.1'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses to connect when a name resolves to a private address (DNS rebinding)', async () => {
    expect((await lookup('localhost')).code).toBe('EPRIVATE');
    expect((await lookup('127.0.0.1')).code).toBe('EPRIVATE');
  });
});
