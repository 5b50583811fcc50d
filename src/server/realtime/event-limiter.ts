import { ERRORS, type Refusal } from '../../contracts/errors.js';
import { perMinute, type Limits } from '../lib/limits.js';
import type { RealtimeServer, RealtimeSocket } from './socket-server.js';

/**
 * Client events a socket and a person (all their tabs together) may send by default (SOCKET_EVENT_RATE_LIMIT
 * sets the first, the second is twice it). A person chatting sends a few a second. Beyond this the events are
 * dropped.
 */
export const SOCKET_EVENT_LIMITS = {
  perSocketPerSecond: 50,
  perUserPerSecond: 100,
  /** Bursts of this many seconds' worth are allowed. */
  burstSeconds: 2,
  /** Dropped events within `floodWindowMs` after which the socket is disconnected. */
  dropsBeforeDisconnect: 500,
  floodWindowMs: 10_000,
} as const;

/**
 * Rate limits every client event, per socket and per person, before any handler runs: a flood costs a
 * counter, not a database write. The first dropped event is answered with a `messageError` (and an event
 * that expects an acknowledgement gets it, with the error); a flood that goes on is disconnected with a
 * reason the client shows.
 */
export function limitSocketEvents(
  io: RealtimeServer,
  shared: Limits,
  limits: { [K in keyof typeof SOCKET_EVENT_LIMITS]: number } = SOCKET_EVENT_LIMITS,
): void {
  const { perSocketPerSecond: socketRate, perUserPerSecond: userRate, burstSeconds } = limits;
  // A socket lives in one process; a person's tabs may be spread over all of them.
  const perSocket = shared.limiter(
    'socket-events',
    perMinute(socketRate * 60, socketRate * burstSeconds),
    'process',
  );
  const perUser = shared.limiter('user-events', perMinute(userRate * 60, userRate * burstSeconds));
  /** 0 when the event may go on, otherwise the milliseconds until it would. */
  const waitFor = async (socket: RealtimeSocket) =>
    (await perSocket.take(socket.id)) || (await perUser.take(socket.data.userId));

  io.on('connection', (socket: RealtimeSocket) => {
    let windowStart = 0;
    let dropped = 0;
    const refuse = (packet: unknown[], retryAfterMs: number) => {
      const now = Date.now();
      if (now - windowStart > limits.floodWindowMs) {
        windowStart = now;
        dropped = 0;
      }
      dropped += 1;
      const refusal: Refusal = { error: ERRORS.tooManyEvents, code: 'too_many_events', retryAfterMs };
      const ack = packet.at(-1);
      if (typeof ack === 'function') ack(refusal);
      if (dropped === 1) socket.emit('messageError', refusal);
      if (dropped >= limits.dropsBeforeDisconnect) {
        socket.emit('messageError', { error: ERRORS.floodDisconnected, code: 'too_many_events' });
        socket.disconnect(true);
      }
    };
    socket.use((packet, next) => {
      waitFor(socket).then(
        (wait) => (wait === 0 ? next() : refuse(packet, wait)),
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });
  });
}
