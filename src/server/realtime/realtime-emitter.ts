import type { ServerToClientEvents } from '../../contracts/realtime.js';

/** The one way services push realtime events: to every tab of the given users, in every process. */
export interface RealtimeEmitter {
  toUsers<E extends keyof ServerToClientEvents>(
    userIds: string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** To every tab in a room (its members'), in every process: one fan-out however many members it has. */
  toRoom<E extends keyof ServerToClientEvents>(
    roomId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** The same, to every tab in the room but the given user's. */
  toRoomExcept<E extends keyof ServerToClientEvents>(
    roomId: string,
    exceptUserId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Every tab of these users, in every process, starts (or stops) hearing a room. */
  joinRoom(userIds: string[], roomId: string): void;
  leaveRoom(userIds: string[], roomId: string): void;
  /** Closes the sockets opened with one session (logout). */
  endSession(tokenHash: string): void;
  /** Closes a user's sockets except those of one session (password change). */
  endOtherSessions(userId: string, keepTokenHash: string): void;
}

export function sessionRoom(tokenHash: string): string {
  return `session:${tokenHash}`;
}
