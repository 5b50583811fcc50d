import { vi } from 'vitest';
import { ACTION_LIMITS, type Action } from '../../contracts/actions.js';
import type { WebLookupResponse } from '../../contracts/ai.js';
import { mockApi, type RecordedCall, type Reply } from './fetch-mock.js';
import { buildSelfUser } from './fixtures.js';

export const studioUser = buildSelfUser();

let counter = 0;

/** A saved note or prompt of the test user; override what a test cares about. */
export function buildAction(overrides: Partial<Action> = {}): Action {
  counter += 1;
  return {
    _id: `0190a0b0-0000-7000-8000-${String(counter).padStart(12, '0')}`,
    userId: studioUser._id,
    type: 'note',
    title: `Note ${counter}`,
    description: '',
    memory: `Memory of note ${counter}`,
    pinned: false,
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An answer streaming in: the test pushes chunks and ends (or breaks) it. */
export interface ControlledStream {
  message: string;
  signal: AbortSignal | undefined;
  push: (text: string) => void;
  end: () => void;
  fail: () => void;
}

function controlledStream(message: string, signal: AbortSignal | undefined) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal?.addEventListener('abort', () => {
    try {
      controller.error(new DOMException('The operation was aborted.', 'AbortError'));
    } catch {
      // Already closed.
    }
  });
  const stream: ControlledStream = {
    message,
    signal,
    push: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
  const response = new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
  return { stream, response };
}

interface StudioApiOptions {
  actions?: Action[];
  /** Answers the stream call with an error instead of a stream. */
  streamError?: Reply;
  web?: (phrase: string) => Reply;
}

/**
 * The studio's server for component tests: saved items kept in memory behind the real /api/actions
 * paths, the web lookup, and /api/ai/getAI/stream as a stream the test drives chunk by chunk.
 */
export function studioApi(options: StudioApiOptions = {}) {
  const items = [...(options.actions ?? [])];
  const streams: ControlledStream[] = [];
  /** streamError answers every stream call; refusals are used up one per call first. */
  const settings: { streamError: Reply | undefined; refusals: Reply[] } = {
    streamError: options.streamError,
    refusals: [],
  };

  const handle = (call: RecordedCall): Reply => {
    const body = (call.body ?? {}) as Record<string, unknown>;
    // The server's own refusal (the contract's limit), word for word.
    if (typeof body.memory === 'string' && body.memory.length > ACTION_LIMITS.memoryMax) {
      return {
        status: 400,
        body: {
          error: `memory must be at most ${ACTION_LIMITS.memoryMax} characters`,
          code: 'invalid_input',
        },
      };
    }
    if (call.path.startsWith('/api/actions/getActions/')) return { status: 200, body: items };
    if (call.path === '/api/actions/createAction') {
      const created = buildAction({
        type: body.type as Action['type'],
        memory: String(body.memory),
        title: String(body.title ?? ''),
      });
      items.unshift(created);
      return { status: 201, body: created };
    }
    const update = /^\/api\/actions\/updateAction\/(.+)$/.exec(call.path);
    if (update) {
      const index = items.findIndex((item) => item._id === update[1]);
      const current = items[index];
      if (!current) return { status: 404, body: { error: 'Saved item not found' } };
      const changed = { ...current, ...(body as Partial<Action>) };
      items[index] = changed;
      return { status: 200, body: changed };
    }
    const remove = /^\/api\/actions\/deleteAction\/(.+)$/.exec(call.path);
    if (remove) {
      items.splice(
        items.findIndex((item) => item._id === remove[1]),
        1,
      );
      return { status: 200, body: { message: 'Deleted' } };
    }
    if (call.path === '/api/ai/web') {
      return options.web?.(String(body.phrase)) ?? { status: 500, body: { error: 'no web in this test' } };
    }
    return { status: 404, body: { error: 'Not found' } };
  };

  const { calls, fetchMock } = mockApi(handle);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input === '/api/ai/getAI/stream') {
        const message = String((JSON.parse(String(init?.body)) as { message: string }).message);
        calls.push({ method: 'POST', path: String(input), body: { message }, init });
        if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
        const error = settings.refusals.shift() ?? settings.streamError;
        if (error && error !== 'network-error') {
          return new Response(JSON.stringify(error.body), {
            status: error.status,
            headers: { 'Content-Type': 'application/json' },
          });
        }
        const { stream, response } = controlledStream(message, init?.signal ?? undefined);
        streams.push(stream);
        return response;
      }
      return fetchMock(input, init);
    }),
  );
  return { calls, items, streams, settings };
}

/** The calls of one method to paths starting with `prefix`. */
export function callsTo(calls: readonly RecordedCall[], method: string, prefix: string): RecordedCall[] {
  return calls.filter((call) => call.method === method && call.path.startsWith(prefix));
}

/** A web lookup answer. */
export function webAnswer(overrides: Partial<WebLookupResponse> = {}): WebLookupResponse {
  return {
    phrase: 'Ada Lovelace',
    title: 'Ada Lovelace',
    text: 'Ada Lovelace was an English mathematician.',
    url: 'https://en.wikipedia.org/wiki/Ada_Lovelace',
    source: 'encyclopedia',
    ...overrides,
  };
}
