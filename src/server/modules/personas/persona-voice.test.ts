import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse, SelfUser } from '../../../contracts/users.js';
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

describe('a persona’s voice name', () => {
  const MARKUP = { name: '<img src=x onerror=alert(1)>Samantha</b>', rate: 1, pitch: 1 };
  const FILTERED = 'img srcx onerroralert(1)Samanthab';

  it('is filtered like the other persona fields on create, edit and from an imported card, keeping real browser names whole', async () => {
    const username = newUsername();
    const created = await creator.client.post<ProfileResponse>('/api/ai/createAI', {
      ...FIELDS,
      username,
      voice: MARKUP,
    });
    expect(created.status).toBe(201);
    expect(created.body.voice).toEqual({ ...MARKUP, name: FILTERED });
    expect((await seenBy(reader, username)).voice?.name).toBe(FILTERED);

    const edit = (name: string) =>
      creator.client.put<ProfileResponse>('/api/users/updateAiFields', {
        id: created.body._id,
        ...FIELDS,
        voice: { ...MARKUP, name },
      });
    expect((await edit(`${MARKUP.name}  `)).body.voice?.name).toBe(FILTERED);
    // Names browsers really give their voices pass unchanged.
    for (const name of [
      'Microsoft Zira - English (United States)',
      'Google UK English Female',
      'English (America)+Annie',
      'Eddy (Français (Canada))',
      'Google हिन्दी',
    ])
      expect((await edit(name)).body.voice?.name).toBe(name);

    // A card's persona is made by createAI from the draft the import gives, so its voice passes the same filter.
    const card = {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: { name: 'Carded', description: 'A voice from a card.', first_mes: '', tags: [] },
    };
    const file = `data:application/json;base64,${Buffer.from(JSON.stringify(card)).toString('base64')}`;
    const draft = await creator.client.post<object>('/api/ai/cards/parse', { file });
    expect(draft.status).toBe(200);
    const imported = await creator.client.post<ProfileResponse>('/api/ai/createAI', {
      ...draft.body,
      username: newUsername(),
      voice: MARKUP,
    });
    expect(imported.status).toBe(201);
    expect(imported.body.voice?.name).toBe(FILTERED);
  });

  it('is filtered the same when a person picks the voice they hear people in', async () => {
    const person = await buildUser(server.client());
    const res = await person.client.put<SelfUser>(`/api/users/update/${person.user._id}`, {
      peopleVoice: MARKUP,
    });
    expect(res.status).toBe(200);
    expect(res.body.peopleVoice?.name).toBe(FILTERED);
  });
});
