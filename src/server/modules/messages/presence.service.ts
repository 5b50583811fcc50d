import type { Presence } from '../../realtime/presence.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { MessagesRepository } from './messages.repository.js';

/**
 * Presence is shared with contacts (people one has a conversation with), not with everyone:
 * strangers cannot watch who is online, and a connect costs O(contacts), not O(users online).
 */
export function presenceService(presence: Presence, repo: MessagesRepository, emitter: RealtimeEmitter) {
  return {
    /** A tab opened; returns which of the user's contacts are online (for getOnlineUsers). */
    async connected(userId: string): Promise<string[]> {
      const becameOnline = await presence.connect(userId);
      const contacts = await repo.contactsOf(userId);
      if (becameOnline && contacts.length) emitter.toUsers(contacts, 'userOnline', userId);
      return presence.onlineAmong(contacts);
    },

    /** A tab closed; the user's contacts hear only when the last one did. */
    async disconnected(userId: string): Promise<void> {
      if (!(await presence.disconnect(userId))) return;
      const contacts = await repo.contactsOf(userId);
      if (contacts.length) emitter.toUsers(contacts, 'userOffline', userId);
    },

    /** Two people just became contacts: each learns whether the other is online. */
    async introduce(a: string, b: string): Promise<void> {
      const online = await presence.onlineAmong([a, b]);
      if (online.includes(a)) emitter.toUsers([b], 'userOnline', a);
      if (online.includes(b)) emitter.toUsers([a], 'userOnline', b);
    },
  };
}

export type PresenceService = ReturnType<typeof presenceService>;
