import type { Conversation } from '../../../../contracts/messages.js';
import type { RoomSummary } from '../../../../contracts/rooms.js';

/** One line of the inbox: a direct conversation or a room. */
export type InboxEntry =
  | { kind: 'direct'; _id: string; updatedAt: string; conversation: Conversation }
  | { kind: 'room'; _id: string; updatedAt: string; room: RoomSummary };

/**
 * Direct conversations and rooms in one list, last activity first (SPEC §2's order, with rooms in it). A room
 * id that the conversation list also names is shown once, as the room.
 */
export function mergeInbox(
  conversations: readonly Conversation[],
  rooms: readonly RoomSummary[],
): InboxEntry[] {
  const roomIds = new Set(rooms.map((room) => room._id));
  const entries: InboxEntry[] = [
    ...conversations
      .filter((conversation) => !roomIds.has(conversation._id))
      .map((conversation) => ({
        kind: 'direct' as const,
        _id: conversation._id,
        updatedAt: conversation.updatedAt,
        conversation,
      })),
    ...rooms.map((room) => ({ kind: 'room' as const, _id: room._id, updatedAt: room.updatedAt, room })),
  ];
  return entries.sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}
