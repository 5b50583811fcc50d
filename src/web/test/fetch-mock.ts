import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  init: RequestInit | undefined;
}

/** An answer; `headers` adds response headers (a paging cursor, for example). */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error';
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/** The path the signed-in shell polls for the AI status banner. */
const AI_STATUS_PATH = '/api/ai/status';

/** The inbox's lists, which the signed-in shell reads on every page for the unread count in the title. */
const EMPTY_INBOX: Record<string, Reply> = {
  '/api/messages/conversations': { status: 200, body: [] },
  '/api/rooms': { status: 200, body: [] },
};

/** The profile edit page's blocked list: nobody blocked, for the tests of the form above it. */
export const NOBODY_BLOCKED_ANSWERS: Record<string, Reply> = {
  '/api/users/blocks': { status: 200, body: [] },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Replaces fetch with a handler that answers like the API (JSON bodies, real Response objects) and
 * records every call so tests can assert what was sent. The shell's background AI status poll is
 * answered "ready" and left out of `calls`, unless `aiStatus: 'handler'` hands it to the handler too; so are
 * the GET calls `background` answers (a screen's side data the test is not about), and the shell's reads of
 * the inbox, answered empty unless `inbox: 'handler'` hands them to the handler (a chat server does).
 */
export function mockApi(
  handler: Handler,
  {
    aiStatus = 'ready',
    background = {},
    inbox = 'empty',
  }: { aiStatus?: 'ready' | 'handler'; background?: Record<string, Reply>; inbox?: 'empty' | 'handler' } = {},
) {
  const calls: RecordedCall[] = [];
  const sideData = inbox === 'empty' ? { ...EMPTY_INBOX, ...background } : background;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    if (aiStatus === 'ready' && path === AI_STATUS_PATH) return json(200, { state: 'ready' });
    const side = (init?.method ?? 'GET') === 'GET' ? sideData[path] : undefined;
    if (side && side !== 'network-error') return json(side.status, side.body);
    const raw = init?.body;
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path,
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : undefined,
      init,
    };
    calls.push(call);
    const reply = await handler(call);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    // A 204 has no body at all (the Response constructor refuses even an empty one).
    return new Response(reply.status === 204 ? null : text, {
      status: reply.status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
