import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';

const INDEX = '<!doctype html><title>Simplified</title><div id="root"></div>';

describe('serving the built web app', () => {
  let server: TestServer;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-web-'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX);
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
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
    const res = await fetch(`${server.baseUrl}/assets/app-1234.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('answers missing files and unknown API paths with 404, not the page', async () => {
    const file = await fetch(`${server.baseUrl}/assets/missing.js`);
    expect(file.status).toBe(404);
    const api = await fetch(`${server.baseUrl}/api/unknown`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });
});
