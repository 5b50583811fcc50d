import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../contracts/messages.js';
import type { CardDraft } from '../../../contracts/personas.js';
import type { ProfileResponse } from '../../../contracts/users.js';
import { DEFAULT_VOICE } from '../../../contracts/voices.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { dailyAllowance } from '../../lib/daily-allowance.js';
import { limits } from '../../lib/limits.js';
import { picturesRepository } from '../uploads/pictures.repository.js';
import { uploadsService } from '../uploads/uploads.service.js';
import { CARD_PICTURE_NOTES } from './cards/card-picture.js';
import { encodePng, readChunks, textChunk, type PngChunk } from './cards/png-chunks.js';
import { personasRepository } from './personas.repository.js';
import { blocksRepository } from '../safety/blocks.repository.js';
import { personasService } from './personas.service.js';

let server: TestServer;
let me: BuiltUser;
let visitor: BuiltUser;
beforeAll(async () => {
  server = await startTestServer();
  me = await buildUser(server.client());
  visitor = await buildUser(server.client());
});
afterAll(() => server.close());

/** A real width x height RGBA picture; `noise` makes it incompressible, so its size is about 4 bytes a pixel. */
function picture(width: number, height: number, noise = false): PngChunk[] {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const stride = width * 4 + 1;
  const raw = noise ? randomBytes(stride * height) : Buffer.alloc(stride * height, 200);
  for (let y = 0; y < height; y += 1) raw[y * stride] = 0; // each row's filter byte: none
  return [
    { type: 'IHDR', data: header },
    { type: 'IDAT', data: deflateSync(raw) },
    { type: 'IEND', data: Buffer.alloc(0) },
  ];
}

/** A PNG character card as card apps write it: the picture, then the card JSON in a base64 `chara` tEXt chunk. */
function pngCard(card: object, chunks = picture(48, 64)): Buffer {
  const payload = Buffer.from(JSON.stringify(card), 'utf8').toString('base64');
  const [header, ...rest] = chunks;
  return encodePng([
    header as PngChunk,
    textChunk('Comment', 'made in a test'),
    ...rest.slice(0, -1),
    textChunk('chara', payload),
    ...rest.slice(-1),
  ]);
}

const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

const LIGHTHOUSE = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Keeper Ada',
    description: '{{char}} keeps the lighthouse on Gull Rock. She logs every storm and every ship.',
    personality: 'patient, dry humour',
    scenario: '{{user}} knocks on the lighthouse door during a storm.',
    first_mes: '*Ada opens the door.* Come in out of the rain, {{user}}! Tea?',
    mes_example: '<START>\n{{user}}: Any ships tonight?\n{{char}}: Just the one, and it was yours.',
    creator_notes: 'A cosy lighthouse keeper for slow evenings.',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: [],
    tags: ['History'],
    creator: 'someone',
    character_version: '1',
    extensions: {},
  },
};

describe('importing a PNG character card', () => {
  it('maps the card as documented and makes the card’s picture, without the card, the profile picture', async () => {
    const card = pngCard(LIGHTHOUSE);
    const parsed = await me.client.post<CardDraft>('/api/ai/cards/parse', { file: pngDataUrl(card) });
    expect(parsed.status).toBe(200);
    const draft = parsed.body;
    expect(draft).toMatchObject({
      name: 'Keeper Ada',
      tag: 'History',
      bio: 'A cosy lighthouse keeper for slow evenings.',
      prompt:
        'You are Keeper Ada.\n\nKeeper Ada keeps the lighthouse on Gull Rock. She logs every storm and every ship.\n\n' +
        'Personality: patient, dry humour\n\nScenario: the user knocks on the lighthouse door during a storm.',
      memory: 'Example dialogue:\nthe user: Any ships tonight\nKeeper Ada: Just the one, and it was yours.',
      openingMessage: 'Ada opens the door. Come in out of the rain, the user Tea?',
    });
    expect(draft.profilePic).toMatch(/^data:image\/png;base64,/);
    const pictureBytes = Buffer.from(draft.profilePic.split(',')[1] ?? '', 'base64');
    // The picture is the card's own image, with every text chunk (the card itself among them) removed.
    expect(readChunks(pictureBytes).map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(pictureBytes.toString('latin1')).not.toContain('chara');

    const created = await me.client.post<ProfileResponse>('/api/ai/createAI', {
      ...draft,
      username: `keeperada${Date.now().toString(36)}`,
    });
    expect(created.status).toBe(201);
    expect(created.body.profilePic).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
    expect(created.body.openingMessage).toBe(draft.openingMessage);
    const stored = await picturesRepository(server.testDb.db.kysely).find(
      created.body.profilePic.slice('/uploads/'.length),
    );
    expect(stored?.bytes.equals(pictureBytes)).toBe(true);
    const served = await fetch(`${server.baseUrl}${created.body.profilePic}`);
    expect(served.headers.get('content-type')).toBe('image/png');

    // Others see the picture, the bio and the opening message (its first bubble), never the prompt or memory.
    const seen = await visitor.client.get<ProfileResponse>(`/api/users/profile/${created.body.username}`);
    expect(seen.body.profilePic).toBe(created.body.profilePic);
    expect(seen.body.bio).toBe(draft.bio);
    expect(seen.body).not.toHaveProperty('prompt');
    expect(seen.body).not.toHaveProperty('memory');
    expect(seen.body.openingMessage).toBe(draft.openingMessage);
  });

  it('leaves out a card picture over the 2 MB picture limit, saying so', async () => {
    const big = pngCard(LIGHTHOUSE, picture(760, 760, true));
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const parsed = await me.client.post<CardDraft>('/api/ai/cards/parse', { file: pngDataUrl(big) });
    expect(parsed.status).toBe(200);
    expect(parsed.body.profilePic).toBe('');
    expect(parsed.body.notes).toContain(CARD_PICTURE_NOTES.tooLarge);
  });

  it('a JSON card has no picture', async () => {
    const file = `data:application/json;base64,${Buffer.from(JSON.stringify(LIGHTHOUSE)).toString('base64')}`;
    const parsed = await me.client.post<CardDraft>('/api/ai/cards/parse', { file });
    expect(parsed.body.profilePic).toBe('');
    expect(parsed.body.openingMessage).toBe('Ada opens the door. Come in out of the rain, the user Tea?');
  });

  it('refuses a persona picture that is not really a picture, creating nothing', async () => {
    const username = `fakepic${Date.now().toString(36)}`;
    const res = await me.client.post('/api/ai/createAI', {
      name: 'Fake Pic',
      username,
      bio: 'Has a fake picture.',
      prompt: 'You are fake.',
      tag: 'Fun',
      profilePic: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}`,
    });
    expect(res.status).toBe(400);
    expect((await visitor.client.get(`/api/users/profile/${username}`)).status).toBe(404);
  });

  it('counts the card picture against the creator’s daily upload quota, shared with picked pictures', async () => {
    const png = encodePng(picture(48, 64));
    const accounts = accountsRepository(server.testDb.db.kysely);
    // The real services over the test database, with a day's quota of one and a half such pictures.
    const uploads = uploadsService(
      picturesRepository(server.testDb.db.kysely),
      dailyAllowance(limits(), 'pictures', { items: 10, bytes: Math.floor(png.length * 1.5) }, 'Enough.'),
    );
    const blocks = blocksRepository(server.testDb.db.kysely);
    const personas = personasService(
      personasRepository(server.testDb.db),
      accounts,
      uploads,
      () => undefined,
      blocks,
    );
    const creator = await accounts.findById(me.user._id);
    if (!creator) throw new Error('creator missing');
    await uploads.saveImage(creator.id, pngDataUrl(png));

    const username = `overquota${Date.now().toString(36)}`;
    const input = {
      name: 'Over Quota',
      username,
      bio: 'Too many pictures today.',
      prompt: 'You are over quota.',
      memory: '',
      openingMessage: '',
      tag: 'Fun' as const,
      profilePic: pngDataUrl(png),
      voice: DEFAULT_VOICE,
      rating: 'general' as const,
    };
    await expect(personas.create(creator, input)).rejects.toMatchObject({
      statusCode: 429,
      code: 'quota_exceeded',
    });
    expect(await accounts.findByUsername(username)).toBeUndefined();
  });
});

describe('exporting a persona with a picture', () => {
  it('writes the PNG card on its own picture, so importing it back brings picture and opening message', async () => {
    const png = encodePng(picture(40, 40));
    const username = `pictured${Date.now().toString(36)}`;
    const created = await me.client.post<ProfileResponse>('/api/ai/createAI', {
      name: 'Pictured',
      username,
      bio: 'Has a face.',
      prompt: 'You have a face.',
      tag: 'Art',
      openingMessage: 'Hello, nice to see you.',
      profilePic: pngDataUrl(png),
    });
    expect(created.status).toBe(201);
    const exported = await fetch(`${server.baseUrl}/api/ai/cards/${username}?format=png`, {
      headers: { cookie: me.client.cookieHeader },
    });
    const card = Buffer.from(await exported.arrayBuffer());
    const parsed = await me.client.post<CardDraft>('/api/ai/cards/parse', { file: pngDataUrl(card) });
    expect(parsed.body).toMatchObject({
      name: 'Pictured',
      openingMessage: 'Hello, nice to see you.',
      profilePic: pngDataUrl(png),
      notes: [],
    });
  });
});

describe('a persona’s opening message', () => {
  it('is its first message in a conversation someone starts with it, and only in a new one', async () => {
    const persona = await buildPersona(me.client, { name: 'Greeter' });
    const edited = await me.client.put<ProfileResponse>('/api/users/updateAiFields', {
      id: persona._id,
      name: 'Greeter',
      bio: persona.bio,
      prompt: 'You greet people.',
      memory: '',
      tag: 'Helper',
      openingMessage: 'Welcome! What brings you here?',
    });
    expect(edited.status).toBe(200);
    // Filtered like a persona reply: the exclamation mark goes.
    expect(edited.body.openingMessage).toBe('Welcome What brings you here?');
    // Every signed-in chatter reads it (the chat shows it before they write), filtered the same.
    const seen = await visitor.client.get<ProfileResponse>(`/api/users/profile/${persona.username}`);
    expect(seen.body.openingMessage).toBe('Welcome What brings you here?');

    const sent = await visitor.client.post<Message>('/api/messages', {
      message: 'hello',
      recipientId: persona._id,
    });
    expect(sent.status).toBe(201);
    const first = await visitor.client.get<Message[]>(`/api/messages/${persona._id}`);
    expect(first.body.map((m) => [m.sender, m.text])).toEqual([
      [persona._id, 'Welcome What brings you here?'],
      [visitor.user._id, 'hello'],
    ]);

    await visitor.client.post('/api/messages', { message: 'again', recipientId: persona._id });
    const later = await visitor.client.get<Message[]>(`/api/messages/${persona._id}`);
    expect(later.body.filter((m) => m.text === 'Welcome What brings you here?')).toHaveLength(1);
  });

  it('keeps the opening message when an edit does not send the field', async () => {
    const persona = await buildPersona(me.client, { name: 'Keeper' });
    const fields = {
      id: persona._id,
      name: 'Keeper',
      bio: persona.bio,
      prompt: 'Keep.',
      memory: '',
      tag: 'Helper',
    };
    await me.client.put('/api/users/updateAiFields', { ...fields, openingMessage: 'Hello there.' });
    const res = await me.client.put<ProfileResponse>('/api/users/updateAiFields', fields);
    expect(res.body.openingMessage).toBe('Hello there.');
  });

  it('a persona without one, or a person, starts with the sender’s message', async () => {
    const persona = await buildPersona(me.client, { name: 'Quiet' });
    await visitor.client.post('/api/messages', { message: 'hi quiet', recipientId: persona._id });
    const withPersona = await visitor.client.get<Message[]>(`/api/messages/${persona._id}`);
    expect(withPersona.body.map((m) => m.text)).toEqual(['hi quiet']);
    await visitor.client.post('/api/messages', { message: 'hi person', recipientId: me.user._id });
    const withPerson = await visitor.client.get<Message[]>(`/api/messages/${me.user._id}`);
    expect(withPerson.body.map((m) => m.text)).toEqual(['hi person']);
  });
});
