/**
 * The browser side of one simulated person inside a load generator: a socket.io websocket with the session
 * cookie (as the web app's lib/socket.ts opens it) and keep-alive HTTP for `POST /api/messages`.
 */
import { io, type Socket } from 'socket.io-client';
import { Pool } from 'undici';
import { newClientMessageId, type Message } from '../../src/contracts/messages.js';
import type {
  ClientToServerEvents,
  SendMessageAck,
  ServerToClientEvents,
} from '../../src/contracts/realtime.js';
import { HANGING_PUSH, type ErrorCounts, type SendPath, type UserSpec } from './protocol.js';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface Member {
  spec: UserSpec;
  socket: ChatSocket | undefined;
  /** Connected and not in the middle of a tab close/open. */
  online: boolean;
}

/** What the running phase wants to hear from every socket of the generator. */
export interface Listener {
  message(to: Member, message: Message): void;
  presence(to: Member, event: 'userOnline' | 'userOffline', userId: string): void;
  error(key: string): void;
}

export interface UserSet {
  baseUrl: string;
  members: Member[];
  byId: Map<string, Member>;
  /** Keep-alive connections shared by the set's users, as a browser keeps one open per tab. */
  pool: Pool;
}

let listener: Listener | undefined;

/** The phase that now receives socket events (undefined: events are ignored). */
export function listen(next: Listener | undefined): void {
  listener = next;
}

export function count(errors: ErrorCounts, key: string, n = 1): void {
  errors[key] = (errors[key] ?? 0) + n;
}

/**
 * Per generator: with two, about one connection for each of the 2,000 people of the largest level, as each
 * tab keeps its own. With 256, past capacity's excess queued inside the generators, where the server could
 * neither see nor refuse it, and counted as lost (2x the peak: 0.88 of it delivered in time, 1.10 with 1,024;
 * 4,096 spent the 1x rate opening 8,000 connections).
 */
const POOL_CONNECTIONS = 1024;

export function newUserSet(baseUrl: string): UserSet {
  return {
    baseUrl,
    members: [],
    byId: new Map(),
    pool: new Pool(baseUrl, { connections: POOL_CONNECTIONS }),
  };
}

/**
 * Cancels every HTTP request of the set still queued or in flight (each then reports its failure) and gives
 * the set fresh connections, so a backlog does not spill into the next phase. One AbortSignal shared by
 * every request did the same, but each request added a listener to it, and adding one walks the listeners
 * already there: with tens of thousands queued past capacity that took a tenth of the generators' CPU.
 */
export function dropRequests(set: UserSet): void {
  const backlog = set.pool;
  set.pool = new Pool(set.baseUrl, { connections: POOL_CONNECTIONS });
  backlog.destroy().catch(() => undefined);
}

/** The state-changing calls must come from the site's own page, as a browser's would. */
function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/**
 * Opens `member`'s websocket; resolves with undefined once connected, or with an error key (timeout,
 * refusal) after closing it. Never rejects: a failed connect is a figure, not a crash.
 */
export function openSocket(set: UserSet, member: Member, timeoutMs: number): Promise<string | undefined> {
  const socket: ChatSocket = io(set.baseUrl, {
    transports: ['websocket'],
    extraHeaders: { cookie: member.spec.cookie, origin: originOf(set.baseUrl) },
    query: { userId: member.spec.userId },
    reconnection: false,
    forceNew: true,
    timeout: timeoutMs,
  });
  socket.on('newMessage', (message) => listener?.message(member, message));
  socket.on('userOnline', (id) => listener?.presence(member, 'userOnline', id));
  socket.on('userOffline', (id) => listener?.presence(member, 'userOffline', id));
  socket.on('messageError', (answer) => listener?.error(`socket event: ${answer.code}`));
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect' || member.socket !== socket) return;
    member.online = false;
    listener?.error(`disconnected: ${reason}`);
  });
  return new Promise((resolve) => {
    // socket.io's own `timeout` should fire first; this guards against a handshake that never settles.
    const guard = setTimeout(() => fail('connect: no answer'), timeoutMs + 1000);
    const fail = (key: string) => {
      clearTimeout(guard);
      socket.removeAllListeners();
      socket.close();
      resolve(key);
    };
    socket.once('connect', () => {
      clearTimeout(guard);
      // Hidden tabs, so every message to them sets off a push (CHAT_BENCH_PUSH=hang).
      if (HANGING_PUSH) socket.emit('visibility', { visible: false });
      member.socket = socket;
      member.online = true;
      resolve(undefined);
    });
    socket.once('connect_error', (err) => fail(`connect: ${err.message}`));
  });
}

/** Closes a member's tab. */
export function closeSocket(member: Member): void {
  member.online = false;
  member.socket?.close();
  member.socket = undefined;
}

/** Opens a tab the way the chat page does: the websocket, then the conversation list. */
export async function openTab(set: UserSet, member: Member, timeoutMs: number): Promise<string | undefined> {
  return (await openSocket(set, member, timeoutMs)) ?? loadConversations(set, member, timeoutMs);
}

/**
 * Before a measurement, every keep-alive connection the set may need is opened (or reopened: idle ones
 * close after the server's keep-alive timeout) by loading conversation lists, as a browser has its
 * connections from loading the page. Opening them mid-measurement would time TCP handshakes, not the chat.
 */
export async function warmConnections(set: UserSet, timeoutMs: number): Promise<ErrorCounts> {
  const errors: ErrorCounts = {};
  const online = set.members.filter((m) => m.online).slice(0, POOL_CONNECTIONS);
  const failures = await Promise.all(online.map((m) => loadConversations(set, m, timeoutMs)));
  for (const key of failures) if (key) count(errors, key);
  return errors;
}

async function loadConversations(
  set: UserSet,
  member: Member,
  timeoutMs: number,
): Promise<string | undefined> {
  try {
    const res = await set.pool.request({
      path: '/api/messages/conversations',
      method: 'GET',
      headers: { cookie: member.spec.cookie },
      headersTimeout: timeoutMs,
    });
    await res.body.text();
    return res.statusCode === 200 ? undefined : `conversations: http ${res.statusCode}`;
  } catch (err) {
    return `conversations: ${(err as Error).message}`;
  }
}

/** Opens members' tabs in batches of `batchSize`, each with its own timeout; failures are counted by kind. */
export async function connectInBatches(
  set: UserSet,
  members: Member[],
  batchSize: number,
  timeoutMs: number,
): Promise<ErrorCounts> {
  const errors: ErrorCounts = {};
  for (let i = 0; i < members.length; i += batchSize) {
    const failures = await Promise.all(
      members.slice(i, i + batchSize).map((m) => openTab(set, m, timeoutMs)),
    );
    for (const key of failures) if (key) count(errors, key);
  }
  return errors;
}

/**
 * A send's answer. A failure carries what the web app's ApiError would: the HTTP status (0 when no answer
 * came), the server's error code and its Retry-After; `key` names it in the error counts.
 */
export type SendOutcome =
  | { ok: true }
  | {
      ok: false;
      key: string;
      refused: boolean;
      status: number;
      code: string | undefined;
      retryAfterMs: number | undefined;
    };

/** A failure without an HTTP status: any socket send's, or a request's that got no answer. */
function statuslessFailure(key: string, refused = false, code?: string): SendOutcome {
  return { ok: false, key, refused, status: 0, code, retryAfterMs: undefined };
}

/** Socket answers that mean "not now, try again" (the socket path has no Retry-After header). */
const SOCKET_REFUSALS = new Set<string>(['rate_limited', 'too_many_events', 'server_busy']);

/**
 * How long a send waits for its answer, on either path: a stalled server ends a phase with errors counted
 * rather than holding it for undici's default of five minutes.
 */
const ANSWER_TIMEOUT_MS = 10_000;

function codeOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'code' in parsed) return String(parsed.code);
  } catch {
    // Not JSON (a proxy's or Node's own error page): the status alone names it.
  }
  return undefined;
}

/** A send over the socket, answered by its acknowledgement (or by none within ANSWER_TIMEOUT_MS). */
async function overSocket(
  from: Member,
  ask: (socket: ChatSocket) => Promise<SendMessageAck>,
): Promise<SendOutcome> {
  const socket = from.socket;
  if (!socket) return statuslessFailure('socket closed');
  try {
    const answer = await ask(socket.timeout(ANSWER_TIMEOUT_MS));
    if ('message' in answer) return { ok: true };
    return statuslessFailure(`socket ${answer.code}`, SOCKET_REFUSALS.has(answer.code), answer.code);
  } catch {
    return statuslessFailure('socket ack timeout');
  }
}

/** A send the web app's way: a POST from the site's own page with the session cookie, 201 when taken. */
async function overHttp(set: UserSet, from: Member, path: string, send: object): Promise<SendOutcome> {
  try {
    const res = await set.pool.request({
      path,
      method: 'POST',
      headers: {
        cookie: from.spec.cookie,
        origin: originOf(set.baseUrl),
        'content-type': 'application/json',
      },
      body: JSON.stringify(send),
      headersTimeout: ANSWER_TIMEOUT_MS,
      bodyTimeout: ANSWER_TIMEOUT_MS,
    });
    const body = await res.body.text();
    if (res.statusCode === 201) return { ok: true };
    const retryAfter = res.headers['retry-after'];
    const code = codeOf(body);
    return {
      ok: false,
      key: `http ${res.statusCode} ${code ?? ''}`.trim(),
      refused: res.statusCode === 503 || res.statusCode === 429,
      status: res.statusCode,
      code,
      // In seconds, as this server sends it (the web app also reads an HTTP date).
      retryAfterMs: typeof retryAfter === 'string' ? Number(retryAfter) * 1000 : undefined,
    };
  } catch (err) {
    return statuslessFailure(`http ${(err as Error).message}`);
  }
}

/**
 * Sends a DM the way the web app does (`POST /api/messages`), or over the socket with an acknowledgement.
 * A retry passes the first attempt's `clientMessageId`, as the web app's does.
 */
export function sendMessage(
  set: UserSet,
  from: Member,
  recipientId: string,
  text: string,
  path: SendPath,
  clientMessageId = newClientMessageId(),
): Promise<SendOutcome> {
  // Every send carries its idempotency key, made as the web app makes it (the server keeps a unique index on it).
  const send = { message: text, recipientId, clientMessageId };
  return path === 'socket'
    ? overSocket(from, (socket) => socket.emitWithAck('sendMessage', send))
    : overHttp(set, from, '/api/messages', send);
}

/** Writes to a room the way the web app does (`POST /api/rooms/:roomId/messages`), or over the socket. */
export function sendRoomMessage(
  set: UserSet,
  from: Member,
  roomId: string,
  text: string,
  path: SendPath,
): Promise<SendOutcome> {
  const send = { message: text, clientMessageId: newClientMessageId() };
  return path === 'socket'
    ? overSocket(from, (socket) => socket.emitWithAck('sendRoomMessage', { roomId, ...send }))
    : overHttp(set, from, `/api/rooms/${encodeURIComponent(roomId)}/messages`, send);
}
