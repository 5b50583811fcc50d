import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_PREFIX } from '../modules/uploads/uploads.service.js';

/** Serves uploaded pictures: content-hashed names never change, and browsers must not sniff them. */
export async function serveUploads(app: FastifyInstance, dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await app.register(fastifyStatic, {
    root: dir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (res) => {
      res.header('X-Content-Type-Options', 'nosniff');
      res.header('Content-Security-Policy', "default-src 'none'; sandbox");
      res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
}

/** Whether a request should get the single-page app's index.html instead of a 404. */
export function wantsSpa(method: string, url: string): boolean {
  return (
    (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith(UPLOADS_PREFIX)
  );
}

/** Serves the built web app; returns false when there is no build (tests, dev with Vite). */
export async function serveWeb(app: FastifyInstance, root: string | undefined): Promise<boolean> {
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
