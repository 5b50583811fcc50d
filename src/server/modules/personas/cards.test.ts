import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardDraft } from '../../../contracts/personas.js';
import type { ProfileResponse } from '../../../contracts/users.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { deflateSync } from 'node:zlib';
import { cardToPng } from './cards/card-export.js';
import { CARD_ERRORS, CARD_FILE_MAX_BYTES } from './cards/card-import.js';
import { encodePng, readChunks, type PngChunk } from './cards/png-chunks.js';
import { PERSONA_ERRORS } from './personas.service.js';

let server: TestServer;
let me: BuiltUser;
beforeAll(async () => {
  server = await startTestServer();
  me = await buildUser(server.client());
});
afterAll(() => server.close());

const jsonDataUrl = (value: unknown) =>
  `data:application/json;base64,${Buffer.from(JSON.stringify(value)).toString('base64')}`;

const V2_CARD = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Mira the Cartographer',
    description: '{{char}} maps forgotten coastlines and tells {{user}} what she finds.',
    personality: 'patient, precise, a little dreamy',
    scenario: 'A lighthouse study full of maps.',
    first_mes: 'Ah, a visitor! Do you like maps?',
    mes_example: '<START>\n{{user}}: Where is this?\n{{char}}: The edge of the known world!',
    creator_notes: '',
    system_prompt: 'Stay in character.',
    post_history_instructions: '',
    alternate_greetings: ['Hello again!'],
    tags: ['history', 'maps'],
    creator: 'someone',
    character_version: '1',
    extensions: {},
  },
};

describe('POST /api/ai/cards/parse', () => {
  it('turns a V2 JSON card into a draft that createAI accepts, saying what changed', async () => {
    const res = await me.client.post<CardDraft>('/api/ai/cards/parse', { file: jsonDataUrl(V2_CARD) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Mira the Cartographer',
      username: 'mirathecartographer',
      tag: 'History',
    });
    expect(res.body.bio).toContain('Mira the Cartographer maps forgotten coastlines');
    expect(res.body.prompt).toContain('Stay in character.');
    expect(res.body.notes).toContain('Alternate greetings are not imported.');
    const created = await me.client.post<ProfileResponse>('/api/ai/createAI', res.body);
    expect(created.status).toBe(201);
    expect(created.body.bio).toBe(res.body.bio);
  });

  it.each([
    ['not a data URL', 'hello', CARD_ERRORS.notDataUrl],
    ['a JSON file that is no card', jsonDataUrl({ hello: 'world' }), CARD_ERRORS.notCard],
    [
      'broken JSON',
      `data:application/json;base64,${Buffer.from('{oops').toString('base64')}`,
      CARD_ERRORS.notJson,
    ],
    [
      'a PNG without a card',
      `data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==`,
      CARD_ERRORS.noCard,
    ],
  ])('refuses %s with a clear 400', async (_label, file, error) => {
    const res = await me.client.post('/api/ai/cards/parse', { file });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, code: 'invalid_input' });
  });

  describe('a decompression bomb (a 5 MB PNG that inflates to gigabytes)', () => {
    /** A zTXt chunk of 16 MB of zeros: about 16 kB on disk. */
    const bombChunk = (keyword: string): PngChunk => ({
      type: 'zTXt',
      data: Buffer.concat([
        Buffer.from(`${keyword}\0\0`, 'latin1'),
        deflateSync(Buffer.alloc(16 * 1024 * 1024), { level: 9 }),
      ]),
    });
    /** The card's own picture with `count` bomb chunks before its IEND, just under the 5 MB upload limit. */
    function bombCard(count: number, keyword: string): string {
      const [header, ...rest] = readChunks(cardToPng(V2_CARD));
      const bomb = bombChunk(keyword);
      const png = encodePng([header as PngChunk, ...Array.from({ length: count }, () => bomb), ...rest]);
      expect(png.length).toBeLessThan(CARD_FILE_MAX_BYTES);
      return `data:image/png;base64,${png.toString('base64')}`;
    }

    it('imports the card and leaves the hundreds of other compressed chunks alone', async () => {
      const res = await me.client.post<CardDraft>('/api/ai/cards/parse', { file: bombCard(290, 'Comment') });
      expect(res.status).toBe(200);
      expect(res.body.name).toBe('Mira the Cartographer');
    });

    it('refuses a card chunk that inflates past the limit, and everyone else is still served', async () => {
      const other = await buildUser(server.client());
      const [bomb, meanwhile] = await Promise.all([
        me.client.post('/api/ai/cards/parse', { file: bombCard(290, 'chara') }),
        other.client.get('/api/users/me'),
      ]);
      expect(bomb.status).toBe(400);
      expect(bomb.body).toEqual({ error: CARD_ERRORS.textTooLarge, code: 'invalid_input' });
      expect(meanwhile.status).toBe(200);
      expect((await server.client().get('/api/health')).body).toEqual({ ok: true });
    });
  });

  it('needs a signed-in user', async () => {
    expect((await server.client().post('/api/ai/cards/parse', { file: jsonDataUrl(V2_CARD) })).status).toBe(
      401,
    );
  });
});

describe('GET /api/ai/cards/:username', () => {
  it('exports the creator’s persona as a V2 JSON card and as a PNG card that imports back', async () => {
    const persona = await buildPersona(me.client, {
      name: 'Round Trip',
      bio: 'Goes there and back.',
      tag: 'Epic',
    });
    const json = await me.client.get<{ spec: string; data: { name: string } }>(
      `/api/ai/cards/${persona.username}?format=json`,
    );
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toContain(`${persona.username}.json`);
    expect(json.body).toMatchObject({ spec: 'chara_card_v2', data: { name: 'Round Trip' } });

    const png = await fetch(`${server.baseUrl}/api/ai/cards/${persona.username}?format=png`, {
      headers: { cookie: me.client.cookieHeader },
    });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    const draft = await me.client.post<CardDraft>('/api/ai/cards/parse', {
      file: `data:image/png;base64,${bytes.toString('base64')}`,
    });
    expect(draft.body).toMatchObject({
      name: persona.name,
      bio: persona.bio,
      prompt: persona.prompt,
      memory: persona.memory,
      tag: 'Epic',
      notes: [],
    });
  });

  it('refuses anyone but the creator, and unknown personas', async () => {
    const persona = await buildPersona(me.client);
    const other = await buildUser(server.client());
    const res = await other.client.get(`/api/ai/cards/${persona.username}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: PERSONA_ERRORS.notCreator, code: 'forbidden' });
    expect((await other.client.get('/api/ai/cards/nobodyhere')).status).toBe(404);
    expect((await other.client.get(`/api/ai/cards/${other.user.username}`)).status).toBe(404);
    expect((await me.client.get(`/api/ai/cards/${persona.username}?format=gif`)).status).toBe(400);
  });
});

describe('starter personas', () => {
  it('are there on a fresh install: the assistant "ai" and at least two per category', async () => {
    const ai = await me.client.get<ProfileResponse>('/api/users/profile/ai');
    expect(ai.status).toBe(200);
    expect(ai.body).toMatchObject({ username: 'ai', isAi: true, createdByUsername: 'simplified' });
    expect(ai.body).not.toHaveProperty('prompt');
    const all = await me.client.get<Array<{ tag: string }>>(
      '/api/users/directory?createdBy=simplified&limit=100',
    );
    const perTag = new Map<string, number>();
    for (const p of all.body) perTag.set(p.tag, (perTag.get(p.tag) ?? 0) + 1);
    expect(perTag.size).toBe(14);
    expect(Math.min(...perTag.values())).toBeGreaterThanOrEqual(2);
  });

  it('are seeded once: seeding again adds nothing', async () => {
    const { seedStarterPersonas } = await import('./seed-starter-personas.js');
    expect(await seedStarterPersonas(server.testDb.db.kysely)).toBe(0);
  });

  it('cannot be claimed: nobody can sign up as their creator', async () => {
    const res = await server.client().post('/api/users/signup', {
      name: 'Impostor',
      username: 'simplified',
      email: 'impostor@example.com',
      password: 'long enough pw',
    });
    expect(res.status).toBe(400);
  });
});
