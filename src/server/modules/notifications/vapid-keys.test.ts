import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { VAPID_KEYS_FILE, vapidKeys } from './vapid-keys.js';

const freshDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'vapid-'));

describe('VAPID keys', () => {
  it('are made once into the data folder (owner-only), and every start after reads the same', async () => {
    const dir = path.join(await freshDir(), 'data');
    const made = await vapidKeys(undefined, dir);
    expect(made.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const file = path.join(dir, VAPID_KEYS_FILE);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await vapidKeys(undefined, dir)).toEqual(made);
    expect(await fs.readdir(dir)).toEqual([VAPID_KEYS_FILE]);
  });

  it('agree between processes starting together: the loser reads the winner’s file', async () => {
    const dir = await freshDir();
    const all = await Promise.all(Array.from({ length: 8 }, () => vapidKeys(undefined, dir)));
    for (const keys of all) expect(keys).toEqual(all[0]);
    expect(await fs.readdir(dir)).toEqual([VAPID_KEYS_FILE]);
  });

  it('come from the environment when set, and then no file is written', async () => {
    const dir = await freshDir();
    const own = webpush.generateVAPIDKeys();
    const config = loadConfig({ VAPID_PUBLIC_KEY: own.publicKey, VAPID_PRIVATE_KEY: own.privateKey });
    expect(config.push.vapidKeys).toEqual(own);
    expect(await vapidKeys(config.push.vapidKeys, dir)).toEqual(own);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('refuse half a pair, malformed keys and a subject that is no mailto: or https: URL', () => {
    const own = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: own.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: own.privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: own.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'maybe' })).toThrow(/PUSH_ALLOW_LOCAL_ENDPOINTS/);
    const defaults = loadConfig({ CONTACT_EMAIL: 'ops@example.com' }).push;
    expect(defaults).toEqual({
      vapidKeys: undefined,
      subject: 'mailto:ops@example.com',
      allowLocalEndpoints: false,
    });
  });

  it('a damaged file is an error that says what to do, not new keys', async () => {
    const dir = await freshDir();
    await fs.writeFile(path.join(dir, VAPID_KEYS_FILE), '{"publicKey":"x"}');
    await expect(vapidKeys(undefined, dir)).rejects.toThrow(/remove it/);
  });
});
