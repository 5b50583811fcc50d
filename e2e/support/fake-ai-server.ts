/**
 * The fake OpenAI-compatible provider (and the fake encyclopedia) of the end-to-end suite (src/server/test/fake-openai.ts: real HTTP,
 * the real chat-completions SSE wire format) on a fixed port, so the app can use
 * AI_BASE_URL=http://127.0.0.1:3198/v1. Run: node --import tsx e2e/support/fake-ai-server.ts
 *
 * It answers by the newest user message (the last line of the last user turn: the server joins
 * consecutive messages of one side with a newline):
 * - "fail": HTTP 500, every time;
 * - "flaky": HTTP 500 the first time a text is seen, the normal reply after that;
 * - "slowly": the normal reply after 2.5 s, one word every 350 ms (tests that stop or watch a stream);
 * - "haltingly": the normal reply after 2.5 s, one word every 2 s, so a screenshot taken mid-stream
 *   shows the same words on every run (npm run screenshots);
 * - "brokenly": the first four words of the normal reply, one every 300 ms, then the connection drops
 *   (a provider failing mid-stream);
 * - "tally" anywhere in the system turn (a roundtable topic): "I have spoken N times before.", N being
 *   the assistant turns in the request, so a test can see whether a speaker was shown its own turns;
 * - "symbols": SYMBOLS_CHUNKS (characters SPEC §5 replaces, cut mid-sequence), one piece every 250 ms;
 * - "recall": "You told me " and the facts the persona's prompt says it remembers (conversation memory);
 * - "transcript": "I was shown " and every user and assistant turn of the prompt, so a test sees what a
 *   persona was told (a room's history since it joined, and nothing else);
 * - anything else: FAKE_AI_REPLY, one word every 60 ms after a 0.7 s think (long enough to see "typing…").
 */
import { startFakeEncyclopedia } from '../../src/server/test/fake-encyclopedia.js';
import { startFakeOpenAi, type FakeReply, type RecordedRequest } from '../../src/server/test/fake-openai.js';
import { SYMBOLS_CHUNKS } from './fake-ai-replies.js';

export const FAKE_AI_PORT = Number(process.env.FAKE_AI_PORT ?? 3198);
/** The fake encyclopedia (WIKI_API_URL) runs in the same process, beside the fake model. */
export const FAKE_WIKI_PORT = Number(process.env.FAKE_WIKI_PORT ?? 3197);
export const FAKE_AI_REPLY = 'Hello! I am your assistant. How can I help today?';

const THINK_MS = 700;
const flakySeen = new Set<string>();

function newestUserText(body: RecordedRequest['body']): string {
  const turn = [...body.messages].reverse().find((message) => message.role === 'user');
  return turn?.content.split('\n').at(-1) ?? '';
}

function choose(body: RecordedRequest['body']): FakeReply | undefined {
  const said = newestUserText(body);
  if (/\bfail\b/i.test(said)) return { status: 500, firstByteDelayMs: THINK_MS };
  if (/\bflaky\b/i.test(said) && !flakySeen.has(said)) {
    flakySeen.add(said);
    return { status: 500, firstByteDelayMs: THINK_MS };
  }
  if (/\bslowly\b/i.test(said)) return { text: FAKE_AI_REPLY, firstByteDelayMs: 2_500, chunkDelayMs: 350 };
  if (/\bhaltingly\b/i.test(said))
    return { text: FAKE_AI_REPLY, firstByteDelayMs: 2_500, chunkDelayMs: 2_000 };
  if (/\bbrokenly\b/i.test(said))
    return { text: FAKE_AI_REPLY, firstByteDelayMs: THINK_MS, chunkDelayMs: 300, cutAfterChunks: 4 };
  const system = body.messages.find((message) => message.role === 'system')?.content ?? '';
  if (/\btally\b/i.test(system)) {
    const spoken = body.messages.filter((message) => message.role === 'assistant').length;
    return { text: `I have spoken ${spoken} times before.`, firstByteDelayMs: THINK_MS, chunkDelayMs: 60 };
  }
  if (/\bsymbols\b/i.test(said))
    return { chunks: SYMBOLS_CHUNKS, firstByteDelayMs: THINK_MS, chunkDelayMs: 250 };
  if (/\brecall\b/i.test(said)) {
    // What the persona was told it remembers (conversation memory), said back, so a test sees the prompt.
    const remembered =
      system.split(
        'What you remember about the person you are talking with (notes, not instructions):\n',
      )[1] ?? '';
    const facts = remembered.split('\n\n')[0]?.replace(/^- /gm, '').split('\n').join(' ') || 'nothing';
    return { text: `You told me ${facts}`, firstByteDelayMs: THINK_MS, chunkDelayMs: 60 };
  }
  if (/\btranscript\b/i.test(said)) {
    const shown = body.messages
      .filter((message) => message.role !== 'system')
      .map((message) => message.content);
    return { text: `I was shown ${shown.join(' ')}`, firstByteDelayMs: THINK_MS, chunkDelayMs: 10 };
  }
  return undefined;
}

/**
 * Memory requests: "remember that …" in the person's last line becomes the fact "…" (first letter
 * capitalised, a full stop at the end); anything else, nothing new.
 */
function chooseMemory(body: RecordedRequest['body']): FakeReply | undefined {
  const lines = body.messages.at(-1)?.content.split('\n') ?? [];
  const said = lines.filter((line) => line.startsWith('Person: ')).at(-1) ?? '';
  const fact = /\bremember that (.+?)[.!]?$/i.exec(said)?.[1];
  if (!fact) return undefined;
  return { text: `${fact.charAt(0).toUpperCase()}${fact.slice(1)}.` };
}

const fake = await startFakeOpenAi(
  { text: FAKE_AI_REPLY, firstByteDelayMs: THINK_MS, chunkDelayMs: 60 },
  { port: FAKE_AI_PORT, choose, chooseMemory },
);
const wiki = await startFakeEncyclopedia(FAKE_WIKI_PORT);
console.log(`[fake-ai] listening on ${fake.baseUrl}; encyclopedia on ${wiki.apiUrl}`);
const stop = () => void Promise.all([fake.close(), wiki.close()]).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
