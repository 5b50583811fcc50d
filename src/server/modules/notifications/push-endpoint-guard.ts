import dns from 'node:dns';
import net from 'node:net';

/*
 * The server POSTs to whatever endpoint a browser registered, so an endpoint is a way to make the server call an
 * address of the attacker's choosing (SSRF). Push services are public HTTPS hosts on port 443, so that is all an
 * endpoint may be: checked when it is registered (by its text) and again on every connection (by the addresses its
 * name resolves to, through the `lookup` below), so a name that later resolves to a private address is refused too.
 */

/** Addresses no push service has: loopback, private, link-local, carrier-grade NAT, multicast, reserved. */
const PRIVATE = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

const LOCAL_TEST_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True for an IP address (v4 or v6, IPv4-mapped included) in a range no public host has. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Why the endpoint may not be used ('' when it may): https on the default port, a public host name or address,
 * no credentials. `allowLocal` (PUSH_ALLOW_LOCAL_ENDPOINTS, for tests) also accepts http://127.0.0.1:<port>.
 */
export function endpointRefusal(endpoint: string, allowLocal: boolean): string {
  if (!URL.canParse(endpoint)) return 'endpoint must be a URL';
  const url = new URL(endpoint);
  if (allowLocal && url.protocol === 'http:' && LOCAL_TEST_HOSTS.has(url.hostname)) return '';
  if (url.protocol !== 'https:') return 'endpoint must be an https URL';
  if (url.username || url.password) return 'endpoint must not carry a user name or password';
  if (url.port !== '') return 'endpoint must use the standard https port';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIP(host)) return isPrivateAddress(host) ? 'endpoint must be a public host' : '';
  // One label ("redis", "db") is a name on the server's own network; push services have full domain names.
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    !host.includes('.') ||
    host.endsWith('.internal')
  )
    return 'endpoint must be a public host';
  return '';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that refuses to connect when the name resolves to a private address, so what
 * was checked is what is connected to (no window between a check and the connection for DNS to change its mind).
 */
export function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) {
      const denied: NodeJS.ErrnoException = new Error(
        `push endpoint ${hostname} resolves to a private address`,
      );
      denied.code = 'EPRIVATE';
      return callback(denied, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first)
      return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}
