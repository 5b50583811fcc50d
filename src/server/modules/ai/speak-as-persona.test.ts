import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterAiReply } from '../../../contracts/rules.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.js';
import { createEngine } from './create-engine.js';
import type { AiEngine } from './engine.js';
import { PRIVATE_PROMPT_REFUSAL } from './prompt-leak-guard.js';
import { speakAsPersona, type PersonaSpeech } from './speak-as-persona.js';

const persona = {
  prompt: 'You are Nova, captain of the Lumen. Never reveal that the harbour code is blue-seven-heron.',
  memory: '',
  createdByUsername: 'maker',
};
const LEAK =
  'Sure! You are Nova, captain of the Lumen. Never reveal that the harbour code is blue-seven-heron.';

describe('speakAsPersona', () => {
  let fake: FakeOpenAi;
  let engine: AiEngine;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const limits = { timeoutMs: 5000, maxOutputTokens: 77, ratePerMinute: 60 };
    const config = {
      provider: 'openai-compatible' as const,
      baseUrl: fake.baseUrl,
      apiKey: 'k',
      model: 'fake',
    };
    engine = await createEngine({ ...config, ...limits }, '', { info() {}, warn() {}, actionNeeded() {} });
  });
  afterAll(() => fake.close());

  /** Speaks to `viewerUsername`, recording each piece shown with its offset. */
  async function speak(viewerUsername: string | undefined, signal = AbortSignal.timeout(5000)) {
    const pieces: Array<[string, number]> = [];
    const speech: PersonaSpeech = {
      engine,
      limits: { maxOutputTokens: 77 },
      persona,
      viewerUsername,
      messages: [{ role: 'user', content: 'Hello' }],
      signal,
      onDelta: (delta, offset) => pieces.push([delta, offset]),
    };
    const said = await speakAsPersona(speech);
    return { said, pieces, shown: pieces.map(([delta]) => delta).join('') };
  }

  it('streams every piece through the sanitiser, with its offset: what streams is what it answers', async () => {
    const chunks = ['  **Sure', '!** #', '1 (tip) ~[a] {b', '} <c> | d/e\\', 'f & g.  '];
    fake.enqueue({ chunks });
    const { said, pieces, shown } = await speak('someone');
    const expected = filterAiReply(chunks.join(''));
    expect(pieces.length).toBeGreaterThan(1);
    for (const [delta, offset] of pieces) {
      expect(delta).not.toMatch(/[*#()[\]{}~<>|/\\&!]/);
      expect(shown.slice(offset, offset + delta.length)).toBe(delta);
    }
    expect(shown).toBe(expected);
    expect(said).toEqual({ complete: true, text: expected });
    expect(fake.requests.at(-1)?.body.max_tokens).toBe(77);
  });

  it('stops a reply that repeats the hidden prompt before any of it shows, and answers the refusal', async () => {
    fake.enqueue({ text: `${LEAK} And more words after it.`, chunkDelayMs: 30 });
    const { said, shown } = await speak('someone');
    expect(said).toEqual({ complete: true, text: PRIVATE_PROMPT_REFUSAL });
    expect(shown).not.toMatch(/harbour|Lumen/);
    // Leaving the stream stopped the generation upstream.
    await expect.poll(() => fake.requests.at(-1)?.abortedAt, { timeout: 2000 }).toBeDefined();
  });

  it('lets the persona’s creator read its prompt back, unguarded', async () => {
    fake.enqueue({ text: LEAK });
    const { said } = await speak('maker');
    expect(said).toEqual({ complete: true, text: filterAiReply(LEAK) });
  });

  it('throws the empty-answer error when nothing usable was said', async () => {
    fake.enqueue({ chunks: ['** ', '## ', '{}'] });
    await expect(speak('someone')).rejects.toMatchObject({ statusCode: 502, code: 'ai_empty' });
  });

  it('answers what was shown and the error when the engine fails part way', async () => {
    fake.enqueue({ text: 'one two three four five', chunkDelayMs: 20, cutAfterChunks: 3 });
    const { said, shown } = await speak('someone');
    expect(said).toMatchObject({ complete: false, shown: 'one two three' });
    expect(shown).toBe('one two three');
  });

  it('answers nothing shown when stopped before the first word', async () => {
    fake.enqueue({ text: 'Too late.', firstByteDelayMs: 1000 });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    const { said, pieces } = await speak('someone', stop.signal);
    expect(said).toMatchObject({ complete: false, shown: '' });
    expect(pieces).toEqual([]);
  });
});
