import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { ERRORS } from '../../contracts/errors.js';
import { HttpError } from '../lib/http-error.js';
import { securityHeaders } from '../performance/precomputed-security-headers.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a browser request comes from one of our own pages. Browsers send Origin with every state-changing
 * fetch and every WebSocket handshake; a request without it is not from a page (curl, the test client), and
 * Sec-Fetch-Site, when present, must still say the page was ours. SameSite=Lax cookies do not cover this:
 * another port on the same host is the same site.
 */
export function fromOwnPage(
  headers: IncomingMessage['headers'],
  allowedOrigins: ReadonlySet<string>,
): boolean {
  const origin = headers.origin;
  if (origin !== undefined) return allowedOrigins.has(origin);
  const site = headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/**
 * `ws://` and `wss://` forms of the allowed origins, for the CSP of browsers that do not map 'self' to them.
 * A CSP source cannot name an IPv6 literal (`ws://[::1]:3000` is ignored with a console error on every
 * page), so those are left to 'self', which every browser that can reach such an address maps to ws: too.
 */
function websocketSources(allowedOrigins: readonly string[]): string[] {
  return allowedOrigins
    .filter((origin) => !new URL(origin).hostname.startsWith('['))
    .map((origin) => origin.replace(/^http/, 'ws'));
}

export interface SecurityOptions {
  secure: boolean;
  allowedOrigins: readonly string[];
}

/**
 * Security headers for every response, `Cache-Control: no-store` for every API answer (they carry people's
 * data) and state changes only from our own pages. Returns the
 * security headers, for answers written outside Fastify's reply pipeline (refusals under overload).
 */
export async function registerSecurity(
  app: FastifyInstance,
  opts: SecurityOptions,
): Promise<Record<string, string>> {
  const allowed = new Set(opts.allowedOrigins);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets pages and workers compile WebAssembly, and nothing else: OCR of scanned PDF
        // pages runs tesseract's wasm build in a same-origin worker (src/web/lib/pdf/ocr-engine.ts). Scripts
        // still come only from this site, and eval() and new Function() stay blocked.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // React sets style attributes; no script runs from them.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...websocketSources(opts.allowedOrigins)],
        fontSrc: ["'self'", 'data:'],
        // The service worker (/sw.js) and the web app manifest are this site's own files, named here rather
        // than left to default-src so a change there cannot take the installable app away unnoticed.
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: opts.secure ? [] : null,
      },
    },
    strictTransportSecurity: opts.secure,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (STATE_CHANGING.has(request.method) && !fromOwnPage(request.headers, allowed)) {
      throw new HttpError(403, ERRORS.foreignOrigin, 'foreign_origin');
    }
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  return headers;
}
