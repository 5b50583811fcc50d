import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { PRERENDERED_DIR } from './static-files.js';

const INDEX = '<!doctype html><title>Simplified</title><div id="root"></div>';
/** Over the build's one-kilobyte threshold, as a real bundle is. */
const SCRIPT = `console.log(${JSON.stringify('a bundle '.repeat(300))});`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('serving the built web app', () => {
  let server: TestServer;
  let webRoot: string;
  /** The raw answer, without the decoding fetch does, so the encoding on the wire is visible. */
  const get = (url: string, acceptEncoding?: string) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-web-'));
    const assets = path.join(webRoot, 'assets');
    fs.mkdirSync(assets);
    fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX);
    fs.writeFileSync(path.join(assets, 'app-1234.js'), SCRIPT);
    // What scripts/precompress.mjs writes beside each asset.
    fs.writeFileSync(path.join(assets, 'app-1234.js.br'), zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(path.join(assets, 'app-1234.js.gz'), zlib.gzipSync(SCRIPT));
    // The build moves maps out of the web root; one left behind must still not be served.
    fs.writeFileSync(path.join(assets, 'app-1234.js.map'), '{"version":3,"sources":["secret.ts"]}');
    // What vite-plugin-pwa writes at the root (decision 031).
    fs.writeFileSync(path.join(webRoot, 'sw.js'), SCRIPT);
    fs.writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Simplified"}');
    server = await startTestServer({}, { webRoot });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it.each(['/', '/auth', '/ada', '/chat/:ai', '/tos?x=1'])(
    'answers the page route %s with index.html',
    async (route) => {
      const res = await fetch(`${server.baseUrl}${route}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    },
  );

  it('serves hashed assets with long-lived caching', async () => {
    const res = await get('/assets/app-1234.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('serves the service worker as a script that the browser checks for a new version on every visit', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web app manifest with its own type, revalidated', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli copy to a browser that accepts brotli', async () => {
    const res = await get('/assets/app-1234.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const res = await get('/assets/app-1234.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it.each([undefined, 'identity', 'deflate'])(
    'sends the file as it is when Accept-Encoding is %s',
    async (acceptEncoding) => {
      const res = await get('/assets/app-1234.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.payload).toBe(SCRIPT);
    },
  );

  it('sends index.html uncompressed when it has no compressed copy, still revalidated', async () => {
    const res = await get('/tos', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.payload).toBe(INDEX);
  });

  it('never serves a source map, even one left in the web root', async () => {
    for (const acceptEncoding of [undefined, 'br']) {
      const res = await get('/assets/app-1234.js.map', acceptEncoding);
      expect(res.statusCode).toBe(404);
      expect(res.payload).not.toContain('secret.ts');
    }
  });

  it('answers missing files and unknown API paths with 404, not the page', async () => {
    const file = await fetch(`${server.baseUrl}/assets/missing.js`);
    expect(file.status).toBe(404);
    const api = await fetch(`${server.baseUrl}/api/unknown`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });
});

describe('serving the prerendered visitor pages', () => {
  const LOGIN = '<!doctype html><title>Log in</title><div id="root"><form>login</form></div>';
  const AUTH = '<!doctype html><title>Log in</title><div id="root"><form>login, with a switch</form></div>';
  let server: TestServer;
  let webRoot: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX);
    // What scripts/build.mjs writes: the page for "/" as index.html, the one for "/auth" as auth.html.
    const prerendered = path.join(webRoot, PRERENDERED_DIR);
    fs.mkdirSync(prerendered);
    fs.writeFileSync(path.join(prerendered, 'index.html'), LOGIN);
    fs.writeFileSync(path.join(prerendered, 'auth.html'), AUTH);
    fs.writeFileSync(path.join(prerendered, 'auth.html.br'), zlib.brotliCompressSync(AUTH));
    server = await startTestServer({}, { webRoot });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it.each([
    ['/', LOGIN],
    ['/auth', AUTH],
  ])('answers a signed-out visitor of %s with the prerendered page', async (route, page) => {
    const res = await get(route);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.payload).toBe(page);
  });

  it('sends the brotli copy of a prerendered page', async () => {
    const res = await get('/auth', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(AUTH);
  });

  it.each(['/', '/auth'])(
    'answers %s with the plain shell when a session cookie comes along',
    async (route) => {
      const res = await get(route, { cookie: 'sid=some-session' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.payload).toBe(INDEX);
    },
  );

  it.each(['/auth?mode=signup', '/?next=1', '/signup', '/tos', '/ada', '/auth/'])(
    'answers %s, which was not prerendered, with the plain shell',
    async (route) => {
      const res = await get(route);
      expect(res.statusCode).toBe(200);
      expect(res.payload).toBe(INDEX);
    },
  );
});
