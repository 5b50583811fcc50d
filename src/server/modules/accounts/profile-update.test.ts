import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../contracts/errors.js';
import type { ProfileResponse, SelfUser } from '../../../contracts/users.js';
import { buildUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/users/profile/:query', () => {
  it('finds a profile by username (any case) or by id, without the other person’s e-mail', async () => {
    const viewer = await buildUser(server.client());
    const other = await buildUser(server.client());
    for (const query of [other.user.username.toUpperCase(), other.user._id]) {
      const res = await viewer.client.get<ProfileResponse>(`/api/users/profile/${query}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        _id: other.user._id,
        username: other.user.username,
        name: other.user.name,
      });
      expect(res.body).not.toHaveProperty('email');
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    }
  });

  it('includes the e-mail on one’s own profile', async () => {
    const me = await buildUser(server.client());
    const res = await me.client.get<ProfileResponse>(`/api/users/profile/${me.user.username}`);
    expect(res.body.email).toBe(me.user.email);
  });

  it('answers 404 for unknown and frozen profiles, and 401 when signed out', async () => {
    const viewer = await buildUser(server.client());
    const frozen = await buildUser(server.client());
    await server.testDb.db.kysely
      .updateTable('users')
      .set({ isFrozen: 1 })
      .where('id', '=', frozen.user._id)
      .execute();
    for (const query of ['no_such_person', frozen.user.username, '0190d6a8-0000-7000-8000-000000000000']) {
      const res = await viewer.client.get(`/api/users/profile/${query}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: ERRORS.userNotFound, code: 'not_found' });
    }
    const anonymous = await server.client().get(`/api/users/profile/${viewer.user.username}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: ERRORS.notSignedIn, code: 'not_signed_in' });
  });
});

describe('PUT /api/users/update/:id', () => {
  it('updates name, username, email and bio and returns the new account', async () => {
    const me = await buildUser(server.client());
    const res = await me.client.put<SelfUser>(`/api/users/update/${me.user._id}`, {
      name: 'New Name',
      username: `${me.user.username}_x`.toUpperCase(),
      email: `New.${me.user.email}`,
      bio: '  Short and sweet.  ',
      password: '',
      currentPassword: me.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'New Name',
      username: `${me.user.username}_x`,
      email: `new.${me.user.email}`,
      bio: 'Short and sweet.',
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(me.user.updatedAt));
    const again = await me.client.get<SelfUser>('/api/users/me');
    expect(again.body.bio).toBe('Short and sweet.');
  });

  it('accepts a bio of 105 characters and refuses 106 with 400', async () => {
    const me = await buildUser(server.client());
    const ok = await me.client.put(`/api/users/update/${me.user._id}`, { bio: 'b'.repeat(105) });
    expect(ok.status).toBe(200);
    const long = await me.client.put(`/api/users/update/${me.user._id}`, { bio: 'b'.repeat(106) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: 'Bio must be at most 105 characters', code: 'invalid_input' });
  });

  it('refuses to update someone else’s profile with 403 and when signed out with 401', async () => {
    const me = await buildUser(server.client());
    const other = await buildUser(server.client());
    const res = await me.client.put(`/api/users/update/${other.user._id}`, { bio: 'hijacked' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: ERRORS.forbiddenProfile, code: 'forbidden' });
    const anonymous = await server.client().put(`/api/users/update/${other.user._id}`, { bio: 'hijacked' });
    expect(anonymous.status).toBe(401);
    const check = await other.client.get<SelfUser>('/api/users/me');
    expect(check.body.bio).toBe('');
  });

  it('refuses a username or e-mail that someone else has with 409 and changes nothing', async () => {
    const me = await buildUser(server.client());
    const other = await buildUser(server.client());
    const name = await me.client.put(`/api/users/update/${me.user._id}`, {
      username: other.user.username,
      bio: 'x',
    });
    expect(name.status).toBe(409);
    expect(name.body).toEqual({ error: ERRORS.usernameTaken, code: 'username_taken' });
    const mail = await me.client.put(`/api/users/update/${me.user._id}`, {
      email: other.user.email,
      currentPassword: me.password,
    });
    expect(mail.status).toBe(409);
    expect(mail.body).toEqual({ error: ERRORS.emailTaken, code: 'email_taken' });
    const keep = await me.client.put<SelfUser>(`/api/users/update/${me.user._id}`, {
      username: me.user.username,
    });
    expect(keep.status).toBe(200);
    expect(keep.body.bio).toBe('');
  });

  it('refuses malformed fields with 400', async () => {
    const me = await buildUser(server.client());
    for (const body of [{ email: 'nope' }, { username: 'has space' }, { password: 'short' }, { name: '' }]) {
      const res = await me.client.put(`/api/users/update/${me.user._id}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String), code: 'invalid_input' });
    }
  });

  it('changes the password, keeps this session and signs out every other one', async () => {
    const me = await buildUser(server.client());
    const elsewhere = server.client();
    await elsewhere.post('/api/users/login', { username: me.user.username, password: me.password });
    expect((await elsewhere.get('/api/users/me')).status).toBe(200);

    const res = await me.client.put(`/api/users/update/${me.user._id}`, {
      password: 'a brand new secret',
      currentPassword: me.password,
    });
    expect(res.status).toBe(200);
    expect((await me.client.get('/api/users/me')).status).toBe(200);
    expect((await elsewhere.get('/api/users/me')).status).toBe(401);

    const old = await server
      .client()
      .post('/api/users/login', { username: me.user.username, password: me.password });
    expect(old.status).toBe(401);
    const fresh = await server
      .client()
      .post('/api/users/login', { username: me.user.username, password: 'a brand new secret' });
    expect(fresh.status).toBe(200);
  });

  describe('a stolen session alone cannot take the account', () => {
    it.each([
      ['the password', { password: 'a brand new secret' }],
      ['the e-mail', { email: 'thief@example.com' }],
    ])('changing %s needs the current password (403 without it, 403 when wrong)', async (_what, change) => {
      const me = await buildUser(server.client());
      const missing = await me.client.put(`/api/users/update/${me.user._id}`, { ...change, bio: 'x' });
      expect(missing.status).toBe(403);
      expect(missing.body).toEqual({ error: ERRORS.currentPasswordNeeded, code: 'current_password_needed' });
      const wrong = await me.client.put(`/api/users/update/${me.user._id}`, {
        ...change,
        currentPassword: 'not my password',
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body).toEqual({ error: ERRORS.currentPasswordWrong, code: 'current_password_wrong' });

      // Nothing changed: same e-mail, same bio, and the old password still signs in.
      const after = await me.client.get<SelfUser>('/api/users/me');
      expect(after.body).toMatchObject({ email: me.user.email, bio: '' });
      const login = await server
        .client()
        .post('/api/users/login', { username: me.user.username, password: me.password });
      expect(login.status).toBe(200);
    });

    it('other fields, and the e-mail sent back unchanged, need no password', async () => {
      const me = await buildUser(server.client());
      const res = await me.client.put(`/api/users/update/${me.user._id}`, {
        name: 'Renamed',
        email: me.user.email.toUpperCase(),
        password: '',
      });
      expect(res.status).toBe(200);
    });
  });
});
