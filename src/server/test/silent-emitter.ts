import type { RealtimeEmitter } from '../realtime/realtime-emitter.js';

/** An emitter that tells nobody anything, for services tested without sockets; `overrides` listen to some calls. */
export function silentEmitter(overrides: Partial<RealtimeEmitter> = {}): RealtimeEmitter {
  return {
    toUsers: () => {},
    toRoom: () => {},
    toRoomExcept: () => {},
    joinRoom: () => {},
    leaveRoom: () => {},
    endSession: () => {},
    endOtherSessions: () => {},
    ...overrides,
  };
}
