import { ERRORS } from '../../contracts/errors.js';
import { SESSION_COOKIE } from '../plugins/session.js';
import type { SessionsService } from '../modules/accounts/sessions.service.js';
import type { RealtimeServer } from './socket-server.js';

export const SOCKET_ERRORS = {
  userMismatch: 'userId does not match the signed-in user',
} as const;

/**
 * Authenticates every socket from the session cookie. The original trusted a userId query
 * parameter, which let anyone receive anyone's messages; now it must match the session or is refused.
 */
export function authenticateSockets(
  io: RealtimeServer,
  sessions: SessionsService,
  parseCookie: (header: string) => Record<string, string | undefined>,
): void {
  io.use((socket, next) => {
    const token = parseCookie(socket.request.headers.cookie ?? '')[SESSION_COOKIE];
    const resolve = token ? sessions.resolve(token) : Promise.resolve(undefined);
    resolve.then(
      (live) => {
        if (!live) return next(new Error(ERRORS.notSignedIn));
        const claimed = socket.handshake.query.userId;
        if (claimed !== undefined && claimed !== live.user.id)
          return next(new Error(SOCKET_ERRORS.userMismatch));
        socket.data.userId = live.user.id;
        socket.data.tokenHash = live.tokenHash;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });
}
