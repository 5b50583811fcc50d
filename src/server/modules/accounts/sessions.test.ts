import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../contracts/errors.js';
import type { UserRow } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { freezeFromOutside } from '../../test/operator.js';
import { connectSocket } from '../../test/socket-client.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import type { SessionsRepository } from './sessions.repository.js';
import { sessionsService, type Revocation } from './sessions.service.js';

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
    expect(replay.body).toEqual({ error: ERRORS.notSignedIn, code: 'not_signed_in' });
  });

  it('logout without a session still succeeds', async () => {
    const res = await server.client().post('/api/users/logout', {});
    expect(res.status).toBe(200);
  });

  it('a frozen account’s sessions stop working at once, though its row was cached', async () => {
    const me = await buildUser(server.client());
    expect((await me.client.get('/api/users/me')).status).toBe(200);
    await freezeFromOutside(server.testDb, me.user._id);
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

  it('disconnects a socket when its session ends, and not while use keeps the session alive', async () => {
    const me = await buildUser(server.client());
    const socket = await connectSocket(server.baseUrl, me.client);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await new Promise((r) => setTimeout(r, 1200));
    // Used past half its life: the session (and so the socket) now lasts until about 3.2 s.
    expect((await me.client.get('/api/users/me')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1300));
    expect(socket.connected).toBe(true);
    expect(await closed).toBe('io server disconnect');
    expect((await me.client.get('/api/users/me')).status).toBe(401);
  });
});

describe('absolute session lifetime (SESSION_MAX_AGE)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SESSION_TTL: '30d', SESSION_MAX_AGE: '90d' });
  });
  afterAll(() => server.close());

  const DAY = 86_400_000;
  async function ageSession(userId: string, createdAgoMs: number, expiresInMs: number) {
    const now = Date.now();
    await server.testDb.db.kysely
      .updateTable('sessions')
      .set({
        createdAt: new Date(now - createdAgoMs).toISOString(),
        expiresAt: new Date(now + expiresInMs).toISOString(),
      })
      .where('userId', '=', userId)
      .execute();
  }
  const expiry = async (userId: string) =>
    Date.parse(
      (
        await server.testDb.db.kysely
          .selectFrom('sessions')
          .select('expiresAt')
          .where('userId', '=', userId)
          .executeTakeFirstOrThrow()
      ).expiresAt,
    );

  it('slides forward only up to 90 days after sign-in, however often it is used', async () => {
    const me = await buildUser(server.client());
    // Signed in 89 days and 23 hours ago, used now with 1 hour left: sliding would give 30 more days.
    await ageSession(me.user._id, 90 * DAY - 3_600_000, 3_600_000 / 2);
    const res = await me.client.get('/api/users/me');
    expect(res.status).toBe(200);
    const until = await expiry(me.user._id);
    expect(until).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(until).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it('ends a session older than the absolute lifetime, even one that has not expired', async () => {
    const me = await buildUser(server.client());
    await ageSession(me.user._id, 91 * DAY, 10 * DAY);
    expect((await me.client.get('/api/users/me')).status).toBe(401);
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
    expect(last).toEqual({ error: ERRORS.tooManyRequests, code: 'rate_limited' });
  });
});

describe('rate limits behind a proxy', () => {
  const guess = (server: TestServer, from: string) =>
    server.client().request(
      'POST',
      '/api/users/login',
      { username: 'guess', password: 'guessing' },
      {
        'x-forwarded-for': from,
      },
    );

  it('counts each client behind a trusted proxy (TRUST_PROXY) on its own', async () => {
    const server = await startTestServer({ AUTH_RATE_LIMIT: '2', TRUST_PROXY: '1' });
    try {
      const first = [await guess(server, '203.0.113.7'), await guess(server, '203.0.113.7')];
      expect(first.map((r) => r.status)).toEqual([401, 401]);
      expect((await guess(server, '203.0.113.7')).status).toBe(429);
      expect((await guess(server, '198.51.100.9')).status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('believes no X-Forwarded-For without TRUST_PROXY: a client cannot make up addresses', async () => {
    const server = await startTestServer({ AUTH_RATE_LIMIT: '2' });
    try {
      const statuses = [];
      for (const from of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
        statuses.push((await guess(server, from)).status);
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await server.close();
    }
  });
});

describe('session cache', () => {
  function countingRepo() {
    const rows = new Map<
      string,
      { tokenHash: string; userId: string; createdAt: string; expiresAt: string }
    >();
    const user = { id: 'u1', isFrozen: 0, isAi: 0 } as UserRow;
    const calls = { findLive: 0, findUser: 0 };
    const repo: SessionsRepository = {
      insert: async (row) => void rows.set(row.tokenHash, row),
      findLive: async (tokenHash, now) => {
        calls.findLive += 1;
        const session = rows.get(tokenHash);
        return session && session.expiresAt > now ? { session, user } : undefined;
      },
      findUser: async () => {
        calls.findUser += 1;
        return user;
      },
      extend: async () => {},
      delete: async (tokenHash) => void rows.delete(tokenHash),
      deleteOthers: async (userId, keep) => {
        for (const [hash, row] of rows) if (row.userId === userId && hash !== keep) rows.delete(hash);
      },
      deleteExpired: async () => {},
    };
    return { repo, calls };
  }
  const lifetimes = { ttlSeconds: 3600, maxAgeSeconds: 86_400 };

  it('reads the session row once, the user on every request, and forgets an ended session at once', async () => {
    const { repo, calls } = countingRepo();
    const sessions = sessionsService(repo, lifetimes);
    const revoked: Revocation[] = [];
    sessions.onRevoked((r) => revoked.push(r));
    const { token } = await sessions.start('u1');
    for (let i = 0; i < 5; i += 1) expect((await sessions.resolve(token))?.user.id).toBe('u1');
    expect(calls).toEqual({ findLive: 1, findUser: 4 });
    const live = await sessions.resolve(token);
    await sessions.end(live?.tokenHash ?? '');
    expect(await sessions.resolve(token)).toBeUndefined();
    expect(revoked).toEqual([{ tokenHash: live?.tokenHash }]);
  });

  it('keeps users’ rows when told of writes made elsewhere, forgetting them on a profile change or such a write', async () => {
    const { repo, calls } = countingRepo();
    let elsewhere = 1;
    const sessions = sessionsService(repo, lifetimes, { usersChangedElsewhere: () => elsewhere });
    const { token } = await sessions.start('u1');
    for (let i = 0; i < 3; i += 1) await sessions.resolve(token);
    expect(calls).toEqual({ findLive: 1, findUser: 0 });
    sessions.forgetUsers();
    await sessions.resolve(token);
    await sessions.resolve(token);
    expect(calls.findUser).toBe(1);
    elsewhere = 2;
    await sessions.resolve(token);
    expect(calls.findUser).toBe(2);
  });

  it('does not keep a user row read before a profile change that committed while it was read', async () => {
    const { repo, calls } = countingRepo();
    const sessions = sessionsService(repo, lifetimes, { usersChangedElsewhere: () => 1 });
    const { token } = await sessions.start('u1');
    await sessions.resolve(token);
    sessions.forgetUsers();
    const findUser = repo.findUser;
    // The read is under way when the change commits and forgets.
    repo.findUser = async (id) => {
      const row = await findUser(id);
      sessions.forgetUsers();
      return row;
    };
    await sessions.resolve(token);
    repo.findUser = findUser;
    await sessions.resolve(token);
    expect(calls.findUser).toBe(2);
  });

  it('drops other sessions of a user when told by another process, keeping the one named', async () => {
    const { repo } = countingRepo();
    const sessions = sessionsService(repo, lifetimes);
    const kept = await sessions.start('u1');
    const other = await sessions.start('u1');
    const keptHash = (await sessions.resolve(kept.token))?.tokenHash ?? '';
    await sessions.resolve(other.token);
    // The other process already deleted the row; only this process's cache still has it.
    await repo.deleteOthers('u1', keptHash);
    expect(await sessions.resolve(other.token)).toBeDefined();
    sessions.forget({ userId: 'u1', keepTokenHash: keptHash });
    expect(await sessions.resolve(other.token)).toBeUndefined();
    expect(await sessions.resolve(kept.token)).toBeDefined();
  });
});
