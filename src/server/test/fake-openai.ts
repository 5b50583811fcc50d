import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MEMORY_INSTRUCTION } from '../modules/memory/memory-extraction.js';

/** How the fake provider answers the next request. */
export interface FakeReply {
  /** The text to send; streamed word by word when the client asks for a stream. */
  text?: string;
  /** Stream exactly these pieces instead of the words of `text` (tests of pieces cut mid-sequence). */
  chunks?: string[];
  /** Answer with this HTTP status and an OpenAI-style error body instead. */
  status?: number;
  /** Wait this long before the first byte. */
  firstByteDelayMs?: number;
  /** Wait this long between streamed chunks. */
  chunkDelayMs?: number;
  /** Drop the connection after this many chunks, without [DONE]. */
  cutAfterChunks?: number;
}

export interface RecordedRequest {
  body: {
    model: string;
    stream?: boolean;
    messages: Array<{ role: string; content: string }>;
    max_tokens?: number;
  };
  authorization: string | undefined;
  receivedAt: number;
  /** When the client went away before the answer finished (ms since epoch), if it did. */
  abortedAt?: number;
  finishedAt?: number;
}

export interface FakeOpenAi {
  /** The base URL to give the SDK (ends in /v1). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Queue replies; when the queue is empty the default reply is used. */
  enqueue: (...replies: FakeReply[]) => void;
  /**
   * Requests for new memory facts after a persona's reply (conversation memory) have a queue and a record
   * of their own, answered NONE by default, so tests of replies see only replies.
   */
  memoryRequests: RecordedRequest[];
  enqueueMemory: (...replies: FakeReply[]) => void;
  setDefault: (reply: FakeReply) => void;
  close: () => Promise<void>;
}

/** The settings that point the app at the fake provider. */
export function fakeAiEnv(fake: Pick<FakeOpenAi, 'baseUrl'>): Record<string, string> {
  return {
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: 'test-key',
    AI_MODEL: 'fake-model',
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function chunk(content: string | null, finish: string | null) {
  const delta = content === null ? {} : { role: 'assistant', content };
  return `data: ${JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'fake-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
}

/**
 * A stand-in for an OpenAI-compatible provider at the network edge: real HTTP, the real
 * /v1/chat/completions JSON and server-sent-events wire format, with errors, stalls and cuts on demand.
 */
export async function startFakeOpenAi(
  defaultReply: FakeReply = { text: 'Hello from the fake model.' },
  options: {
    port?: number;
    /** Picks a reply from the request itself (after the queue, before the default). */
    choose?: (body: RecordedRequest['body']) => FakeReply | undefined;
    /** Likewise for memory requests (after their queue, before NONE). */
    chooseMemory?: (body: RecordedRequest['body']) => FakeReply | undefined;
  } = {},
): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const memoryQueue: FakeReply[] = [];
  const memoryRequests: RecordedRequest[] = [];
  let fallback = defaultReply;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      if (req.method === 'GET' && (req.url === '/health' || req.url === '/api/health')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const record: RecordedRequest = {
        body: JSON.parse(raw) as RecordedRequest['body'],
        authorization: req.headers.authorization,
        receivedAt: Date.now(),
      };
      res.on('close', () => {
        if (!res.writableFinished) record.abortedAt = Date.now();
      });
      if (record.body.messages[0]?.content === MEMORY_INSTRUCTION) {
        memoryRequests.push(record);
        void answer(
          memoryQueue.shift() ?? options.chooseMemory?.(record.body) ?? { text: 'NONE' },
          record,
          res,
        );
        return;
      }
      requests.push(record);
      void answer(queue.shift() ?? options.choose?.(record.body) ?? fallback, record, res);
    });
  });

  async function answer(reply: FakeReply, record: RecordedRequest, res: http.ServerResponse) {
    if (reply.firstByteDelayMs) await sleep(reply.firstByteDelayMs);
    if (res.destroyed) return;
    if (reply.status) {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { message: 'The fake provider failed on purpose', type: 'server_error' } }),
      );
      return;
    }
    const text = reply.text ?? reply.chunks?.join('') ?? '';
    if (!record.body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'fake-model',
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
      record.finishedAt = Date.now();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const words = reply.chunks ?? text.match(/\S+\s*/g) ?? [];
    for (const [i, word] of words.entries()) {
      if (res.destroyed) return;
      if (reply.cutAfterChunks !== undefined && i >= reply.cutAfterChunks) {
        res.socket?.destroy();
        return;
      }
      res.write(chunk(word, null));
      if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    }
    res.write(chunk(null, 'stop'));
    res.end('data: [DONE]\n\n');
    record.finishedAt = Date.now();
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    memoryRequests,
    enqueueMemory: (...replies) => memoryQueue.push(...replies),
    setDefault: (reply) => (fallback = reply),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
