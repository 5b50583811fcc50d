import type { Message } from '../../../../../contracts/messages.js';
import type { Room, RoomSummary } from '../../../../../contracts/rooms.js';
import type { MentionCandidate } from '../../components/mentions.js';

/** Last activity first, as the inbox shows them. */
export function sortRooms(list: readonly RoomSummary[]): RoomSummary[] {
  return [...list].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

/** A message arrived in a listed room: new preview, new time, maybe one more unread; back on top. */
export function applyRoomMessage(
  list: readonly RoomSummary[],
  message: Message,
  { countUnread }: { countUnread: boolean },
): RoomSummary[] {
  return sortRooms(
    list.map((room) =>
      room._id === message.conversationId
        ? {
            ...room,
            latestMessage: { text: message.text, sender: message.sender },
            updatedAt: message.createdAt,
            unreadCount: room.unreadCount + (countUnread ? 1 : 0),
          }
        : room,
    ),
  );
}

/** The room has nothing unread (it is on screen, or read in another tab). */
export function clearRoomUnread(list: readonly RoomSummary[], roomId: string): RoomSummary[] {
  return list.map((room) =>
    room._id === roomId && room.unreadCount !== 0 ? { ...room, unreadCount: 0 } : room,
  );
}

/** A member read up to `messageId`: their read position moves on (never back; ids are time-ordered). */
export function applyRoomRead(room: Room, userId: string, messageId: string): Room {
  return {
    ...room,
    members: room.members.map((member) =>
      member._id === userId && member.readUpTo !== undefined && member.readUpTo < messageId
        ? { ...member, readUpTo: messageId }
        : member,
    ),
  };
}

/**
 * How many people other than its sender have read a message: those whose read position is at it or past it.
 * Null when nobody's position is known to this reader (their receipts, or everyone else's, are off).
 */
export function seenByCount(room: Room, message: Message): number | null {
  const readers = room.members.filter(
    (member) => !member.isAi && member._id !== message.sender && member.readUpTo !== undefined,
  );
  if (readers.length === 0) return null;
  return readers.filter((member) => (member.readUpTo ?? '') >= message._id).length;
}

/** Whom "@" suggests in a room: its personas that may speak (benched ones do not), then its other people. */
export function mentionable(room: Room, me: string): MentionCandidate[] {
  const named = room.members.filter((member) => !member.deleted && member._id !== me);
  const personas = named.filter((member) => member.isAi && !member.benched);
  const people = named.filter((member) => !member.isAi);
  return [...personas, ...people].map(({ username, name, isAi }) => ({ username, name, isAi }));
}
