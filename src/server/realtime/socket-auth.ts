import type { FastifyBaseLogger } from 'fastify';
import { ERRORS, type ErrorResponse } from '../../contracts/errors.js';
import { SESSION_COOKIE } from '../plugins/session.js';
import type { SessionsService } from '../modules/accounts/sessions.service.js';
import type { RealtimeServer, RealtimeSocket } from './socket-server.js';

export const SOCKET_ERRORS = {
  userMismatch: 'userId does not match the signed-in user',
} as const;

/** A refused handshake: the client's connect_error carries the message and, in `data`, the error with its code. */
function refusal(response: ErrorResponse): Error & { data: ErrorResponse } {
  return Object.assign(new Error(response.error), { data: response });
}

/**
 * Authenticates every socket from the session cookie. The original trusted a userId query
 * parameter, which let anyone receive anyone's messages; now it must match the session or is refused.
 */
export function authenticateSockets(
  io: RealtimeServer,
  sessions: SessionsService,
  parseCookie: (header: string) => Record<string, string | undefined>,
  log: FastifyBaseLogger,
): void {
  io.use((socket, next) => {
    const token = parseCookie(socket.request.headers.cookie ?? '')[SESSION_COOKIE];
    const resolve = token ? sessions.resolve(token) : Promise.resolve(undefined);
    resolve.then(
      (live) => {
        if (!live) return next(refusal({ error: ERRORS.notSignedIn, code: 'not_signed_in' }));
        const claimed = socket.handshake.query.userId;
        if (claimed !== undefined && claimed !== live.user.id)
          return next(refusal({ error: SOCKET_ERRORS.userMismatch, code: 'forbidden' }));
        socket.data.userId = live.user.id;
        socket.data.tokenHash = live.tokenHash;
        watchSessionExpiry(socket, sessions, live.expiresAt);
        next();
      },
      (err: unknown) => {
        // What failed (the database, most likely) is for the log, not for the client.
        log.error({ err }, 'socket handshake failed');
        next(refusal({ error: ERRORS.internal, code: 'internal' }));
      },
    );
  });
}

/** setTimeout's longest wait is about 24.8 days; a 30-day session is checked again on the way. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * Disconnects a socket once its session ends by time (logout and password changes disconnect at once, through
 * the session's room). At the expiry it asks the database again, because the person's HTTP use may have slid
 * the session forward meanwhile; then it waits for the new expiry.
 */
function watchSessionExpiry(socket: RealtimeSocket, sessions: SessionsService, expiresAt: Date): void {
  let timer: NodeJS.Timeout | undefined;
  const waitUntil = (at: Date) => {
    timer = setTimeout(check, Math.min(Math.max(at.getTime() - Date.now(), 0) + 10, LONGEST_WAIT_MS));
    timer.unref();
  };
  const check = () => {
    sessions.expiryOf(socket.data.tokenHash).then(
      (until) => (until ? waitUntil(until) : void socket.disconnect(true)),
      // The database is briefly unreachable: look again soon rather than drop a live session.
      () => waitUntil(new Date(Date.now() + 30_000)),
    );
  };
  waitUntil(expiresAt);
  socket.on('disconnect', () => clearTimeout(timer));
}
