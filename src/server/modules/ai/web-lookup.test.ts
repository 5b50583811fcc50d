import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_EMPTY_MESSAGE, type WebLookupResponse } from '../../../contracts/ai.js';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../../test/fake-encyclopedia.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { WEB_NOTES } from './web-lookup.service.js';

let wiki: FakeEncyclopedia;
let fakeAi: FakeOpenAi;
let server: TestServer;
let me: BuiltUser;

beforeAll(async () => {
  wiki = await startFakeEncyclopedia();
  fakeAi = await startFakeOpenAi({ text: 'A short summary from the AI.' });
  server = await startTestServer({
    WIKI_API_URL: wiki.apiUrl,
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fakeAi.baseUrl,
    AI_MODEL: 'fake-model',
  });
  me = await buildUser(server.client());
});
afterAll(async () => {
  await server.close();
  await Promise.all([wiki.close(), fakeAi.close()]);
});

const lookUp = (phrase: unknown) => me.client.post<WebLookupResponse>('/api/ai/web', { phrase });

describe('POST /api/ai/web', () => {
  it('returns the encyclopedia intro with a link to the article', async () => {
    const res = await lookUp(' Ada Lovelace ');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      phrase: 'Ada Lovelace',
      title: 'Ada Lovelace',
      text: 'Ada Lovelace is a well-documented subject. This is its introduction.',
      url: `${new URL(wiki.apiUrl).origin}/wiki/Ada_Lovelace`,
      source: 'encyclopedia',
    });
    expect(wiki.asked.at(-1)).toBe('Ada Lovelace');
  });

  it.each([
    ['a disambiguation page', 'Mercury', WEB_NOTES.noPage],
    ['a missing page', 'Nothing', WEB_NOTES.noPage],
    ['an empty extract', 'Blank', WEB_NOTES.noPage],
    ['an error', 'Broken', WEB_NOTES.failed],
    ['a timeout', 'Slow', WEB_NOTES.failed],
  ])(
    'falls back to an AI summary after %s, and says so',
    async (_label, phrase, note) => {
      const res = await lookUp(phrase);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        phrase,
        title: phrase,
        text: 'A short summary from the AI.',
        source: 'ai',
        note,
      });
      expect(fakeAi.requests.at(-1)?.body.messages[0]?.content).toContain(`"${phrase}"`);
    },
    15_000,
  );

  it('needs a phrase, with the SPEC message, and a signed-in user', async () => {
    const res = await lookUp('   ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: WEB_EMPTY_MESSAGE, code: 'invalid_input' });
    expect((await server.client().post('/api/ai/web', { phrase: 'x' })).status).toBe(401);
  });
});
