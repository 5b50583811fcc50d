import type { Conversation } from '../../../../contracts/messages.js';
import type { RoomSummary } from '../../../../contracts/rooms.js';

/**
 * The inbox's unread messages, DMs and rooms together, for the tab title and the app's badge. Muted
 * conversations are left out: a mute means "do not announce", and a count in the title announces.
 */
export function unreadTotal(
  conversations: readonly Pick<Conversation, 'unreadCount' | 'muted'>[] | undefined,
  rooms: readonly Pick<RoomSummary, 'unreadCount' | 'muted'>[] | undefined,
): number {
  let total = 0;
  for (const entry of [...(conversations ?? []), ...(rooms ?? [])])
    if (!entry.muted) total += entry.unreadCount;
  return total;
}
