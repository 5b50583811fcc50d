import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The headers helmet sets, worked out once by running helmet against a response that only records them. They
 * are the same for every response (no nonces), and @fastify/helmet rebuilt the whole middleware, CSP parsing
 * included, on every request: 13 % of the CPU of a cached conversation-list read (decision 021).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const collector = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(headers);
}
