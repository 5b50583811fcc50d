import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse } from '../../../contracts/users.js';
import { DEFAULT_VOICE } from '../../../contracts/voices.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let creator: BuiltUser;
let reader: BuiltUser;
beforeAll(async () => {
  server = await startTestServer();
  creator = await buildUser(server.client());
  reader = await buildUser(server.client());
});
afterAll(() => server.close());

const FIELDS = { name: 'Voiced', bio: 'Speaks up.', prompt: 'You speak up.', memory: '', tag: 'Fun' };
const BARITONE = { name: 'Google UK English Male', rate: 0.75, pitch: 0.4 };

let counter = 0;
function newUsername(): string {
  counter += 1;
  return `voiced${Date.now().toString(36)}${counter}`;
}

async function seenBy(viewer: BuiltUser, username: string): Promise<ProfileResponse> {
  const res = await viewer.client.get<ProfileResponse>(`/api/users/profile/${username}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('a persona’s voice', () => {
  it('is SPEC §9’s default (browser en-US voice, rate 1, pitch 0.8) when the creator picks none', async () => {
    const persona = await buildPersona(creator.client);
    expect(persona.voice).toEqual({ name: '', rate: 1, pitch: 0.8 });
    expect(DEFAULT_VOICE).toEqual({ name: '', rate: 1, pitch: 0.8 });
    expect((await seenBy(reader, persona.username)).voice).toEqual(DEFAULT_VOICE);
  });

  it('is stored as the creator picks it and reaches everyone who reads the persona, without its prompt', async () => {
    const username = newUsername();
    const res = await creator.client.post<ProfileResponse>('/api/ai/createAI', {
      ...FIELDS,
      username,
      voice: BARITONE,
    });
    expect(res.status).toBe(201);
    expect(res.body.voice).toEqual(BARITONE);
    const seen = await seenBy(reader, username);
    expect(seen.voice).toEqual(BARITONE);
    expect(seen).not.toHaveProperty('prompt');
  });

  it('changes with updateAiFields, and stays as it was when an edit leaves it out', async () => {
    const persona = await buildPersona(creator.client);
    const edit = (extra: object) =>
      creator.client.put<ProfileResponse>('/api/users/updateAiFields', {
        id: persona._id,
        ...FIELDS,
        ...extra,
      });
    const changed = await edit({ voice: BARITONE });
    expect(changed.status).toBe(200);
    expect(changed.body.voice).toEqual(BARITONE);
    const kept = await edit({ bio: 'Still speaks up.' });
    expect(kept.status).toBe(200);
    expect(kept.body.voice).toEqual(BARITONE);
    expect((await seenBy(reader, persona.username)).voice).toEqual(BARITONE);
  });

  it('may be changed by its creator only', async () => {
    const persona = await buildPersona(creator.client);
    const res = await reader.client.put('/api/users/updateAiFields', {
      id: persona._id,
      ...FIELDS,
      voice: BARITONE,
    });
    expect(res.status).toBe(403);
    expect((await seenBy(reader, persona.username)).voice).toEqual(DEFAULT_VOICE);
  });

  it.each([
    ['the lowest rate, pitch and the longest name', { name: 'v'.repeat(200), rate: 0.5, pitch: 0 }],
    ['the highest rate and pitch', { name: 'Samantha', rate: 2, pitch: 2 }],
  ])('accepts %s', async (_label, voice) => {
    const res = await creator.client.post<ProfileResponse>('/api/ai/createAI', {
      ...FIELDS,
      username: newUsername(),
      voice,
    });
    expect(res.status).toBe(201);
    expect(res.body.voice).toEqual(voice);
  });

  it.each([
    ['a rate under 0.5', { rate: 0.49 }, 'Voice rate must be between 0.5 and 2'],
    ['a rate over 2', { rate: 2.01 }, 'Voice rate must be between 0.5 and 2'],
    ['a pitch under 0', { pitch: -0.01 }, 'Voice pitch must be between 0 and 2'],
    ['a pitch over 2', { pitch: 2.01 }, 'Voice pitch must be between 0 and 2'],
    ['a rate that is no number', { rate: '1' }, 'Voice rate must be a number'],
    ['a name over 200 characters', { name: 'v'.repeat(201) }, 'Voice name must be at most 200 characters'],
  ])('refuses %s with 400 on create and on edit', async (_label, patch, message) => {
    const voice = { ...DEFAULT_VOICE, ...patch };
    const created = await creator.client.post('/api/ai/createAI', {
      ...FIELDS,
      username: newUsername(),
      voice,
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ error: message, code: 'invalid_input' });

    const persona = await buildPersona(creator.client);
    const edited = await creator.client.put('/api/users/updateAiFields', {
      id: persona._id,
      ...FIELDS,
      voice,
    });
    expect(edited.status).toBe(400);
    expect(edited.body).toEqual({ error: message, code: 'invalid_input' });
    expect((await seenBy(creator, persona.username)).voice).toEqual(DEFAULT_VOICE);
  });
});
