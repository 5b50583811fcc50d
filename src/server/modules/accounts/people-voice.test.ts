import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse, SelfUser } from '../../../contracts/users.js';
import { DEFAULT_VOICE } from '../../../contracts/voices.js';
import { buildUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ALTO = { name: 'Samantha', rate: 1.25, pitch: 1.1 };

describe('a person’s voice for people’s messages', () => {
  it('starts as SPEC §9’s default on signup, login and /me', async () => {
    const me = await buildUser(server.client());
    expect(me.user.peopleVoice).toEqual(DEFAULT_VOICE);
    const login = await server.client().post<SelfUser>('/api/users/login', {
      username: me.user.username,
      password: me.password,
    });
    expect(login.body.peopleVoice).toEqual(DEFAULT_VOICE);
    expect((await me.client.get<SelfUser>('/api/users/me')).body.peopleVoice).toEqual(DEFAULT_VOICE);
  });

  it('is changed by profile update, kept when an update leaves it out, and shown only to its owner', async () => {
    const me = await buildUser(server.client());
    const other = await buildUser(server.client());
    const res = await me.client.put<SelfUser>(`/api/users/update/${me.user._id}`, { peopleVoice: ALTO });
    expect(res.status).toBe(200);
    expect(res.body.peopleVoice).toEqual(ALTO);
    const renamed = await me.client.put<SelfUser>(`/api/users/update/${me.user._id}`, { name: 'Renamed' });
    expect(renamed.body.peopleVoice).toEqual(ALTO);
    const own = await me.client.get<ProfileResponse>(`/api/users/profile/${me.user.username}`);
    expect(own.body.peopleVoice).toEqual(ALTO);

    // A person's choice of how they hear others is nobody else's business, and a person has no public voice.
    const seen = await other.client.get<ProfileResponse>(`/api/users/profile/${me.user.username}`);
    expect(seen.body).not.toHaveProperty('peopleVoice');
    expect(seen.body).not.toHaveProperty('voice');
  });

  it.each([
    ['a rate under 0.5', { rate: 0.4 }, 'Voice rate must be between 0.5 and 2'],
    ['a pitch over 2', { pitch: 3 }, 'Voice pitch must be between 0 and 2'],
    ['a name over 200 characters', { name: 'v'.repeat(201) }, 'Voice name must be at most 200 characters'],
  ])('refuses %s with 400 and keeps the voice', async (_label, patch, message) => {
    const me = await buildUser(server.client());
    const res = await me.client.put(`/api/users/update/${me.user._id}`, {
      peopleVoice: { ...DEFAULT_VOICE, ...patch },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'invalid_input' });
    expect((await me.client.get<SelfUser>('/api/users/me')).body.peopleVoice).toEqual(DEFAULT_VOICE);
  });
});
