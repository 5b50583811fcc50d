import net from 'node:net';
import { z } from 'zod';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address or CIDR range (`10.0.0.0/8`, `::1`), or one of proxy-addr's names for the usual ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, no proxy is trusted (the client address is the connection's). A number trusts that
 * many hops of X-Forwarded-For; a comma-separated list trusts proxies at those addresses or ranges.
 */
export const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((raw, ctx): number | string | false => {
    if (!raw) return false;
    if (/^\d+$/.test(raw)) return Number(raw);
    const entries = raw.split(',').map((e) => e.trim());
    if (entries.every(isProxyAddress)) return entries.join(',');
    ctx.addIssue({
      code: 'custom',
      message:
        'must be a number of proxy hops, or addresses and ranges such as 127.0.0.1,10.0.0.0/8 (or loopback, linklocal, uniquelocal)',
    });
    return z.NEVER;
  });
