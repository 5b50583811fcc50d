import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAppPagePath } from '../../contracts/app-pages.js';
import { SESSION_COOKIE } from './session.js';

/**
 * Whether a request should get the single-page app's index.html instead of a 404: page routes do;
 * API calls, uploads and missing files (a last segment with an extension) do not.
 */
export function wantsSpa(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && isAppPagePath(url.split('?')[0] ?? '');
}

/** Source maps stay with developers (the build keeps them in dist/sourcemaps); one left in the web root is not served. */
const isSourceMap = (pathname: string) => pathname.endsWith('.map');

/** Where the build puts pages rendered for signed-out visitors: `index.html` is "/", `auth.html` is "/auth". */
export const PRERENDERED_DIR = 'prerendered';

/** Which HTML file answers a page route; see serveWeb. */
export type SpaPage = (request: FastifyRequest) => string;

/**
 * The routes the build prerendered, from the files in PRERENDERED_DIR. They are rendered for the bare URL,
 * as a signed-out visitor sees it: a query (/auth?mode=signup) or a session cookie gets the plain shell,
 * so signed-in people never see the login page flash by.
 */
function prerenderedPages(root: string): SpaPage {
  const dir = path.join(root, PRERENDERED_DIR);
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.html')) : [];
  const byRoute = new Map(
    names.map((name) => {
      const page = name.slice(0, -'.html'.length);
      return [page === 'index' ? '/' : `/${page}`, `${PRERENDERED_DIR}/${name}`] as const;
    }),
  );
  return (request) => {
    const prerendered = byRoute.get(request.url);
    return prerendered !== undefined && request.cookies[SESSION_COOKIE] === undefined
      ? prerendered
      : 'index.html';
  };
}

/**
 * Serves the built web app; returns what answers page routes, or null when there is no build (tests, dev
 * with Vite). The build writes .br and .gz copies beside each text asset, sent by the request's
 * Accept-Encoding (with `Vary: Accept-Encoding`). Hashed assets never change; HTML, the service worker
 * (`/sw.js`, which the browser must see when it changes: it decides which version every tab runs, decision
 * 031), the manifest and the icons are revalidated on every visit.
 */
export async function serveWeb(app: FastifyInstance, root: string | undefined): Promise<SpaPage | null> {
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathname) => !isSourceMap(pathname),
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return prerenderedPages(root);
}
