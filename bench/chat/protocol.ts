/** What the chat and rooms benchmarks' parents ask their load-generator processes to do, and what they answer. */

/** One simulated person: a signed-in browser with its session cookie and the people it has conversations with. */
export interface UserSpec {
  userId: string;
  /** What the browser sends: `sid=<token>` for the app, `bare=<userId>` for the bare relay. */
  cookie: string;
  contacts: string[];
}

/** How a message travels: `POST /api/messages` (what the web app uses) or the `sendMessage` socket event. */
export type SendPath = 'http' | 'socket';

/** A room of the rooms benchmark: its id and the people in it (all played by the same load generator). */
export interface RoomSpec {
  roomId: string;
  memberIds: string[];
}

export type Command =
  /** Opens one websocket per user (added to the named set), in batches, each with a timeout. */
  | { kind: 'connect'; set: string; baseUrl: string; users: UserSpec[]; batchSize: number; timeoutMs: number }
  /** Everyone sends a DM every `sendEveryMs` (jittered) to an online contact and marks what arrives as seen; some tabs close and reopen. */
  | {
      kind: 'chat';
      set: string;
      seconds: number;
      sendEveryMs: number;
      churnPerSecond: number;
      offlineMs: number;
    }
  /** Closed loop: each user sends its next message to its first contact once the previous one arrived. */
  | { kind: 'saturate'; set: string; path: SendPath; seconds: number }
  /** Open loop: `perSecond` messages a second spread over the set's users, whatever the server manages. */
  | { kind: 'open'; set: string; path: SendPath; perSecond: number; seconds: number }
  /** People using the web app: one send at a time, `thinkMs` between them, busy refusals retried as the web app does. */
  | { kind: 'people'; set: string; thinkMs: number; seconds: number }
  /** Everyone in these rooms writes to their room every `sendEveryMs` (jittered), whether or not the server keeps up. */
  | {
      kind: 'rooms';
      set: string;
      rooms: RoomSpec[];
      path: SendPath;
      seconds: number;
      sendEveryMs: number;
      /** The share of each room's members whose tab shows the room: they mark each message read. */
      reading: number;
    }
  /** Opens `count` extra sockets that only sit there (tabs left open), round robin over `users`. */
  | { kind: 'idle'; baseUrl: string; users: UserSpec[]; count: number; batchSize: number; timeoutMs: number }
  /** Opens the set's keep-alive HTTP connections before a measurement (see clients.ts warmConnections). */
  | { kind: 'warm'; set: string }
  | { kind: 'close'; set: string }
  | { kind: 'closeIdle' };

/** Failures by kind (`http 503 overloaded`, `connect: timeout`…), counted, never thrown. */
export type ErrorCounts = Record<string, number>;

export interface ConnectResult {
  connected: number;
  errors: ErrorCounts;
}

export interface DeliveryResult {
  /** Accepted by the server (refused and failed sends are not counted here but in `errors`). */
  sent: number;
  delivered: number;
  /** Send→receive at the recipient, ms. */
  latencies: number[];
  /** From the first send to the last arrival (or the phase length, if longer), ms. */
  elapsedMs: number;
  /** Refused with 503 or 429; `withRetryAfter` of them carried a Retry-After header. */
  refused: number;
  withRetryAfter: number;
  /** Accepted but not arrived within 5 s; `late` of them arrived after all, later. */
  lost: number;
  late: number;
  errors: ErrorCounts;
}

export interface ChatResult extends DeliveryResult {
  /** Close/open of a tab → userOffline/userOnline at an online contact, ms. */
  presenceLatencies: number[];
  presenceExpected: number;
  churns: number;
  /** The load generator's own longest event-loop delay in the phase, ms: a stall here delays what it times. */
  loopMaxMs: number;
}

/** A rooms phase: `sent` counts messages, `delivered` and `latencies` their arrivals at the room's other members. */
export interface RoomsResult extends DeliveryResult {
  /** The load generator's event-loop delay in the phase, ms (p99 and max): a stall delays what it times. */
  loopP99Ms: number;
  loopMaxMs: number;
}

export interface Request {
  id: number;
  command: Command;
}

export type Reply = { id: number; result: unknown } | { id: number; error: string };

/** CHAT_BENCH_PUSH=hang: everyone has a push service that never answers, and every tab is hidden (hanging-push.ts). */
export const HANGING_PUSH = process.env.CHAT_BENCH_PUSH === 'hang';
