import { Link } from 'react-router';
import type { RoomSummary } from '../../../../../contracts/rooms.js';
import { InboxBadges } from '../../components/contact-item.js';
import { latestPreview } from '../../components/format.js';
import { useAiReplies } from '../../hooks/ai-reply-store.js';
import contactStyles from '../../components/contacts.module.css';
import { RoomAvatar } from './room-avatar.js';
import styles from './rooms.module.css';

interface RoomItemProps {
  room: RoomSummary;
  active: boolean;
  onPick?: () => void;
  /** The list is one tab stop: only its current entry is reachable with Tab (see ContactsPanel). */
  tabIndex: 0 | -1;
}

/** Members, said the way people count them. */
export function memberCount(count: number): string {
  return count === 1 ? '1 member' : `${count} members`;
}

/**
 * One room in the inbox, beside the direct conversations: its badge, name, member count, last message and
 * unread count; muted shows a muted bell instead of the count, as for conversations.
 */
export function RoomItem({ room, active, onPick, tabIndex }: RoomItemProps) {
  const speaking = useAiReplies((state) =>
    Object.values(state.streams).some((stream) => stream.conversationId === room._id && !stream.done),
  );
  const unread = room.muted ? 0 : room.unreadCount;
  return (
    <Link
      to={`/chat/room/${encodeURIComponent(room._id)}`}
      className={`${contactStyles.item} ${unread > 0 ? contactStyles.unread : ''}`}
      aria-current={active ? 'page' : undefined}
      tabIndex={tabIndex}
      onClick={onPick}
    >
      <span className={contactStyles.avatar}>
        <RoomAvatar name={room.name} size={44} />
      </span>
      <span className={contactStyles.text}>
        <span className={contactStyles.top}>
          <span className={contactStyles.handle} dir="auto">
            {room.name}
          </span>
          <span className={styles.count}>{memberCount(room.memberCount)}</span>
        </span>
        {speaking ? (
          <span className={`${contactStyles.preview} ${contactStyles.typing}`}>a persona is typing…</span>
        ) : (
          <span className={contactStyles.preview} dir="auto">
            {latestPreview(room.latestMessage) || 'No messages yet'}
          </span>
        )}
      </span>
      <InboxBadges muted={room.muted} unread={unread} />
    </Link>
  );
}
