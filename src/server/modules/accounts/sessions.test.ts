import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../contracts/errors.js';
import { buildUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

describe('sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('stores only the token’s hash', async () => {
    const me = await buildUser(server.client());
    const token = me.client.cookieHeader.replace('sid=', '');
    const rows = await server.testDb.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('userId', '=', me.user._id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('logout revokes the session on the server, so a copied cookie stops working', async () => {
    const me = await buildUser(server.client());
    const stolen = server.client();
    await stolen.request('GET', '/api/health', undefined, { cookie: me.client.cookieHeader });
    const copy = me.client.cookieHeader;
    const out = await me.client.post('/api/users/logout', {});
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Logged out' });
    expect(out.setCookies.some((c) => c.startsWith('sid=;'))).toBe(true);
    const replay = await server.client().request('GET', '/api/users/me', undefined, { cookie: copy });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: ERRORS.notSignedIn });
  });

  it('logout without a session still succeeds', async () => {
    const res = await server.client().post('/api/users/logout', {});
    expect(res.status).toBe(200);
  });

  it('a frozen account’s sessions stop working at once', async () => {
    const me = await buildUser(server.client());
    await server.testDb.db.kysely
      .updateTable('users')
      .set({ isFrozen: 1 })
      .where('id', '=', me.user._id)
      .execute();
    expect((await me.client.get('/api/users/me')).status).toBe(401);
    const login = await server
      .client()
      .post('/api/users/login', { username: me.user.username, password: me.password });
    expect(login.status).toBe(401);
  });
});

describe('session lifetime', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SESSION_TTL: '2s' });
  });
  afterAll(() => server.close());

  it('expires after SESSION_TTL and slides forward when used past half its life', async () => {
    const me = await buildUser(server.client());
    const idle = server.client();
    await idle.post('/api/users/login', { username: me.user.username, password: me.password });
    await new Promise((r) => setTimeout(r, 1200));
    const renewed = await me.client.get('/api/users/me');
    expect(renewed.status).toBe(200);
    expect(renewed.setCookies.some((c) => c.startsWith('sid='))).toBe(true);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await idle.get('/api/users/me')).status).toBe(401);
    expect((await me.client.get('/api/users/me')).status).toBe(200);
  });
});

describe('secure origins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_ORIGIN: 'https://simplified.example' });
  });
  afterAll(() => server.close());

  it('marks the cookie Secure when PUBLIC_ORIGIN is https', async () => {
    const res = await server.client().post('/api/users/signup', {
      name: 'Sec',
      username: 'secure_user',
      email: 'secure@example.com',
      password: 'long enough pw',
    });
    expect(res.setCookies.find((c) => c.startsWith('sid='))).toMatch(/; Secure/i);
  });
});

describe('rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => server.close());

  it('slows down repeated log-in attempts from one address with 429', async () => {
    const statuses: number[] = [];
    let last: unknown;
    for (let i = 0; i < 4; i += 1) {
      const res = await server.client().post('/api/users/login', { username: 'guess', password: 'guessing' });
      statuses.push(res.status);
      last = res.body;
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last).toEqual({ error: ERRORS.tooManyRequests });
  });
});
