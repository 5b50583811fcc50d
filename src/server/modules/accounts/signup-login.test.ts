import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../contracts/errors.js';
import type { SelfUser } from '../../../contracts/users.js';
import { buildUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const valid = (suffix: string) => ({
  name: 'Ada Lovelace',
  username: `Ada_${suffix}`,
  email: `Ada.${suffix}@Example.com`,
  password: 'analytical engine',
});

function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/password|argon2|tokenHash|sid=/i);
}

describe('POST /api/users/signup', () => {
  it('creates the account, normalises username and email, and signs the user in', async () => {
    const client = server.client();
    const res = await client.post<SelfUser>('/api/users/signup', valid('one'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Ada Lovelace',
      username: 'ada_one',
      email: 'ada.one@example.com',
      bio: '',
    });
    expect(res.body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.isAi).toBe(false);
    expectNoSecrets(res.body);
    const cookie = res.setCookies.find((c) => c.startsWith('sid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const me = await client.get<SelfUser>('/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body._id).toBe(res.body._id);
  });

  it.each([
    ['name', { name: undefined }, 'Name is required'],
    ['username', { username: undefined }, 'Username is required'],
    ['email', { email: undefined }, 'Email is required'],
    ['password', { password: undefined }, 'Password is required'],
    ['blank name', { name: '   ' }, 'Name is required'],
    ['malformed email', { email: 'not-an-email' }, 'Email is not a valid address'],
    [
      'username with spaces',
      { username: 'two words' },
      'Username may contain only letters, digits and underscores',
    ],
    ['one-letter username', { username: 'a' }, 'Username must be at least 2 characters'],
    ['reserved username', { username: 'Studio' }, 'That username is reserved'],
    ['short password', { password: 'seven77' }, 'Password must be at least 8 characters'],
    ['long password', { password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    ['number as name', { name: 42 }, 'Name is required'],
  ])('refuses a missing or malformed %s with 400', async (_label, patch, message) => {
    const res = await server
      .client()
      .post('/api/users/signup', { ...valid(`bad${Math.random()}`.replace('.', '')), ...patch });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringContaining(message), code: 'invalid_input' });
  });

  it('accepts passwords of exactly 8 and 128 characters', async () => {
    for (const password of ['x'.repeat(8), 'y'.repeat(128)]) {
      const res = await server
        .client()
        .post('/api/users/signup', { ...valid(`len${password.length}`), password });
      expect(res.status).toBe(201);
    }
  });

  it('refuses a username taken in any letter case, and a taken email, with 409', async () => {
    await server.client().post('/api/users/signup', valid('dup'));
    const sameName = await server
      .client()
      .post('/api/users/signup', { ...valid('dup'), username: 'ADA_DUP', email: 'x@example.com' });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ error: ERRORS.usernameTaken, code: 'username_taken' });
    const sameEmail = await server
      .client()
      .post('/api/users/signup', { ...valid('dup'), username: 'other_dup', email: 'ADA.DUP@example.com' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({ error: ERRORS.emailTaken, code: 'email_taken' });
  });

  it('keeps the reserved AI e-mail domain for personas', async () => {
    const res = await server
      .client()
      .post('/api/users/signup', { ...valid('aidomain'), email: 'me@ai.simplified.invalid' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'That email domain is reserved', code: 'invalid_input' });
  });

  it('answers malformed JSON with 400, a non-JSON body with 415 and an oversized body with 413', async () => {
    const client = server.client();
    const bad = await client.request('POST', '/api/users/signup', '{"name": ');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: ERRORS.invalidJson, code: 'invalid_json' });
    const text = await client.request('POST', '/api/users/signup', 'name=x', {
      'content-type': 'text/plain',
    });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ error: expect.any(String), code: 'unsupported_media_type' });
    const huge = await client.post('/api/users/signup', { ...valid('huge'), bio: 'x'.repeat(1_100_000) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: ERRORS.bodyTooLarge, code: 'too_large' });
  });
});

describe('POST /api/users/login', () => {
  it('logs in by username in any letter case and returns the account without secrets', async () => {
    const { user, password } = await buildUser(server.client());
    const client = server.client();
    const res = await client.post<SelfUser>('/api/users/login', {
      username: user.username.toUpperCase(),
      password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: user._id, email: user.email });
    expectNoSecrets(res.body);
    expect((await client.get('/api/users/me')).status).toBe(200);
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const { user } = await buildUser(server.client());
    const wrong = await server
      .client()
      .post('/api/users/login', { username: user.username, password: 'wrong password' });
    const unknown = await server
      .client()
      .post('/api/users/login', { username: 'nobody_here', password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: ERRORS.badCredentials, code: 'bad_credentials' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.setCookies.some((c) => c.startsWith('sid=') && !c.startsWith('sid=;'))).toBe(false);
  });

  it('refuses missing fields with 400', async () => {
    const res = await server.client().post('/api/users/login', { username: 'someone' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringContaining('Password'), code: 'invalid_input' });
  });
});

describe('service endpoints', () => {
  it('reports health and public configuration, and answers unknown API paths with a JSON 404', async () => {
    const client = server.client();
    expect((await client.get('/api/health')).body).toEqual({ ok: true });
    expect((await client.get('/api/config')).body).toEqual({ contactEmail: 'hello@simplified.example' });
    const missing = await client.get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: ERRORS.notFound, code: 'not_found' });
  });

  it('reports readiness: the database (and Redis, when used) reachable', async () => {
    const ready = await server.client().get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      ready: true,
      checks: { database: 'ok', redis: process.env.TEST_REDIS_URL ? 'ok' : 'not used', shutdown: 'no' },
    });
  });

  it('sends security headers', async () => {
    const res = await server.client().get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
