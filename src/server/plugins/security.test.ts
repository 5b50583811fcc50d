import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contracts/errors.js';
import { buildUser, type BuiltUser } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let victim: BuiltUser;
// With PUBLIC_ORIGIN unset the app's own pages are the local addresses of PORT (3000 in tests).
const OWN = 'http://localhost:3000';
const FOREIGN = 'http://localhost:4000';

beforeAll(async () => {
  server = await startTestServer();
  victim = await buildUser(server.client());
});
afterAll(() => server.close());

/** A request the way a browser page would send it: with the victim's cookie and the page's Origin. */
function fromPage(origin: string, method: string, path: string, body?: unknown) {
  return fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      cookie: victim.client.cookieHeader,
      origin,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('state changes only from our own pages', () => {
  it('refuses a POST, PUT or DELETE from another origin (even another port of this host) with 403', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/users/logout', undefined],
      ['PUT', `/api/users/update/${victim.user._id}`, { name: 'Hacked' }],
      ['POST', '/api/messages', { message: 'hi', recipientId: victim.user._id }],
    ] as const) {
      const res = await fromPage(FOREIGN, method, path, body);
      expect({ method, path, status: res.status, body: await res.json() }).toEqual({
        method,
        path,
        status: 403,
        body: { error: ERRORS.foreignOrigin, code: 'foreign_origin' },
      });
    }
    // Still signed in, name unchanged.
    expect((await victim.client.get('/api/users/me')).body).toMatchObject({ name: victim.user.name });
  });

  it('refuses a browser request without Origin that says it came from another site', async () => {
    const res = await fetch(`${server.baseUrl}/api/users/logout`, {
      method: 'POST',
      headers: { cookie: victim.client.cookieHeader, 'sec-fetch-site': 'same-site' },
    });
    expect(res.status).toBe(403);
  });

  it('accepts our own pages, on any local address of the port', async () => {
    for (const origin of [OWN, 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const res = await fromPage(origin, 'PUT', `/api/users/update/${victim.user._id}`, {
        name: victim.user.name,
      });
      expect({ origin, status: res.status }).toEqual({ origin, status: 200 });
    }
  });

  it('takes only JSON bodies: what a plain HTML form could send is refused with 415', async () => {
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await fetch(`${server.baseUrl}/api/messages`, {
        method: 'POST',
        headers: { cookie: victim.client.cookieHeader, origin: OWN, 'content-type': type },
        body: 'message=hi',
      });
      expect({ type, status: res.status }).toEqual({ type, status: 415 });
    }
  });

  it('lets reads through from anywhere (a read changes nothing; CORS keeps the answer from the page)', async () => {
    expect((await fromPage(FOREIGN, 'GET', '/api/users/me')).status).toBe(200);
  });

  it('accepts only PUBLIC_ORIGIN once it is set', async () => {
    const hosted = await startTestServer({ PUBLIC_ORIGIN: 'https://chat.example.com' });
    try {
      const post = (origin: string) =>
        fetch(`${hosted.baseUrl}/api/users/login`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'nobody', password: 'wrong password' }),
        });
      expect((await post('https://chat.example.com')).status).toBe(401);
      expect((await post(OWN)).status).toBe(403);
      expect((await post('https://evil.example.com')).status).toBe(403);
    } finally {
      await hosted.close();
    }
  });
});

describe('sockets only from our own pages', () => {
  /** Opens the victim's socket as a page of `origin` would; says whether the server let it in. */
  async function handshake(origin: string): Promise<'connected' | 'refused'> {
    const socket = io(server.baseUrl, {
      transports: ['websocket'],
      extraHeaders: { cookie: victim.client.cookieHeader, origin },
      reconnection: false,
      forceNew: true,
    });
    const outcome = await new Promise<'connected' | 'refused'>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', () => resolve('refused'));
    });
    socket.close();
    return outcome;
  }

  it('refuses a handshake from another origin, so the page cannot read the victim’s messages', async () => {
    expect(await handshake(FOREIGN)).toBe('refused');
  });

  it('accepts a handshake from our own page', async () => {
    expect(await handshake(OWN)).toBe('connected');
  });
});

describe('headers', () => {
  it('marks every API answer no-store, so a shared computer keeps no one’s data', async () => {
    expect((await victim.client.get('/api/users/me')).headers.get('cache-control')).toBe('no-store');
    expect((await server.client().get('/api/users/me')).headers.get('cache-control')).toBe('no-store');
  });

  it('sends the same security headers with every answer, errors and refusals included', async () => {
    const answers = [
      await server.client().get('/api/health'),
      await server.client().get('/api/users/me'),
      await victim.client.get('/api/no-such-call'),
      await victim.client.get('/api/messages/not-an-id'),
    ];
    const refused = await fromPage(FOREIGN, 'POST', '/api/users/logout');
    expect([...answers.map((a) => a.status), refused.status]).toEqual([200, 401, 404, 404, 403]);
    const pick = (headers: Headers) =>
      Object.fromEntries(
        [
          'content-security-policy',
          'x-frame-options',
          'x-content-type-options',
          'referrer-policy',
          'cross-origin-opener-policy',
          'strict-transport-security',
        ].map((name) => [name, headers.get(name)]),
      );
    const first = pick(refused.headers);
    expect(first).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      // Plain HTTP here (SECURE_COOKIES off): no HSTS, which would pin a local address to https.
      'strict-transport-security': null,
    });
    expect(first['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(first['content-security-policy']).toContain("object-src 'none'");
    for (const answer of answers) expect(pick(answer.headers)).toEqual(first);
  });

  it('lets scripts connect only to this site', async () => {
    const csp = (await server.client().get('/api/health')).headers.get('content-security-policy') ?? '';
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
    // 'self' covers ws:// to the page's own address, the IPv6 one included, which a CSP source cannot name.
    expect(connect).toEqual(["'self'", 'ws://localhost:3000', 'ws://127.0.0.1:3000']);
  });

  it('names only sources a browser accepts (CSP3 source grammar), so no page logs an ignored source', async () => {
    const csp = (await server.client().get('/api/health')).headers.get('content-security-policy') ?? '';
    const keyword = /^'(self|none|unsafe-inline|wasm-unsafe-eval)'$/;
    const scheme = /^[a-z][a-z0-9+.-]*:$/;
    // scheme://host[:port]: a host is '*', or labels of letters, digits and '-' (no IPv6 literal).
    const host = /^([a-z][a-z0-9+.-]*:\/\/)?(\*|(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*)(:(\d+|\*))?$/i;
    const invalid = csp
      .split(';')
      .flatMap((directive) => directive.trim().split(/\s+/).slice(1))
      .filter((source) => !keyword.test(source) && !scheme.test(source) && !host.test(source));
    expect(invalid).toEqual([]);
  });

  it('runs scripts only from this site, allowing WebAssembly (OCR) but not eval', async () => {
    const csp = (await server.client().get('/api/health')).headers.get('content-security-policy') ?? '';
    expect(/script-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(/worker-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toEqual(["'self'", 'blob:']);
  });

  it("allows the app's own service worker and manifest (the installable app)", async () => {
    const csp = (await server.client().get('/api/health')).headers.get('content-security-policy') ?? '';
    expect(/manifest-src ([^;]*)/.exec(csp)?.[1]).toBe("'self'");
    expect(/worker-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toContain("'self'");
  });
});
