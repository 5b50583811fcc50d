import { chatKeys } from './chat-keys.js';

/**
 * Where one conversation's messages are read and cached: a direct conversation is addressed by the other
 * user, a room by its id. Paging, back-fill and older pages work the same for both.
 */
export interface MessageThread {
  /** The query key its messages are cached under. */
  key: readonly string[];
  /** GET path of its pages (oldest first; `before` pages back). */
  path: string;
}

/** The direct conversation with one other user. */
export function directThread(otherUserId: string): MessageThread {
  return { key: chatKeys.messages(otherUserId), path: `/api/messages/${encodeURIComponent(otherUserId)}` };
}

/** A room's conversation. */
export function roomThread(roomId: string): MessageThread {
  return {
    key: chatKeys.roomMessages(roomId),
    path: `/api/rooms/${encodeURIComponent(roomId)}/messages`,
  };
}
