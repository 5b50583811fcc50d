import type { ServerToClientEvents } from '../../contracts/realtime.js';

/** The one way services push realtime events: to every tab of the given users, in every process. */
export interface RealtimeEmitter {
  toUsers<E extends keyof ServerToClientEvents>(
    userIds: string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Closes the sockets opened with one session (logout). */
  endSession(tokenHash: string): void;
  /** Closes a user's sockets except those of one session (password change). */
  endOtherSessions(userId: string, keepTokenHash: string): void;
}

export function sessionRoom(tokenHash: string): string {
  return `session:${tokenHash}`;
}
