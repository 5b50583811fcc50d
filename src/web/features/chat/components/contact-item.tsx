import { Link } from 'react-router';
import type { Conversation } from '../../../../contracts/messages.js';
import { DELETED_ACCOUNT_NAME } from '../../../../contracts/my-data.js';
import { useIsOnline } from '../../../lib/socket.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { BellOffIcon } from '../../../components/ui/icons.js';
import { otherParty } from '../api/conversation-cache.js';
import { usePersonaTyping } from '../hooks/ai-reply-store.js';
import { latestPreview } from './format.js';
import styles from './contacts.module.css';

interface ContactItemProps {
  conversation: Conversation;
  active: boolean;
  onPick?: () => void;
  /** The list is one tab stop: only its current entry is reachable with Tab (see ContactsPanel). */
  tabIndex: 0 | -1;
}

/**
 * One conversation in the list: avatar with presence dot, @username, last message, unread count. A muted one
 * shows a muted bell instead of its count: its messages are unread but not announced.
 */
export function ContactItem({ conversation, active, onPick, tabIndex }: ContactItemProps) {
  const partner = otherParty(conversation);
  const online = useIsOnline(partner?._id);
  const typing = usePersonaTyping(partner?._id, conversation._id);
  if (!partner) return null;
  const unread = conversation.muted ? 0 : conversation.unreadCount;
  return (
    <Link
      to={`/chat/:${partner.username}`}
      className={`${styles.item} ${unread > 0 ? styles.unread : ''}`}
      aria-current={active ? 'page' : undefined}
      tabIndex={tabIndex}
      onClick={onPick}
    >
      <span className={styles.avatar} aria-hidden="true">
        <Avatar
          name={partner.deleted ? DELETED_ACCOUNT_NAME : partner.name}
          username={partner.username}
          src={partner.profilePic}
          size={44}
        />
        {online ? <span className={styles.dot} data-testid="online-dot" /> : null}
      </span>
      <span className={styles.text}>
        <span className={styles.top}>
          <span className={styles.handle}>
            {partner.deleted ? DELETED_ACCOUNT_NAME : `@${partner.username}`}
          </span>
          {partner.isAi ? <span className={styles.ai}>AI</span> : null}
          {online ? <span className={styles.connected}>connected</span> : null}
        </span>
        {typing ? (
          <span className={`${styles.preview} ${styles.typing}`}>typing…</span>
        ) : (
          <span className={styles.preview} dir="auto">
            {latestPreview(conversation.latestMessage)}
          </span>
        )}
      </span>
      <InboxBadges muted={conversation.muted} unread={unread} />
    </Link>
  );
}

/** An inbox entry's end: a muted bell, or how many messages are unread (none shown when nothing is). */
export function InboxBadges({ muted, unread }: { muted: boolean; unread: number }) {
  return (
    <>
      {muted ? (
        <span className={styles.muted}>
          <BellOffIcon size={16} />
          <span className="visually-hidden">muted</span>
        </span>
      ) : null}
      {unread > 0 ? (
        <span className={styles.badge}>
          {unread > 99 ? '99+' : unread}
          <span className="visually-hidden"> unread</span>
        </span>
      ) : null}
    </>
  );
}
