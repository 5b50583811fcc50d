import type { ReactNode } from 'react';
import { DELETED_ACCOUNT_NAME } from '../../../../contracts/my-data.js';
import { Link } from 'react-router';
import { useIsOnline } from '../../../lib/socket.js';
import { Avatar } from '../../../components/ui/avatar.js';
import type { ChatPartner } from '../hooks/chat-store.js';
import indicatorStyles from '../../../components/ui/indicators.module.css';
import styles from './conversation.module.css';

interface ConversationHeaderProps {
  username: string;
  /** Known once the user has been looked up. */
  partner?: ChatPartner;
  /** Controls at the header's end (mute, block). */
  actions?: ReactNode;
}

/** Who the conversation is with; the heading reads "Chat with @name" to assistive technology. */
export function ConversationHeader({ username, partner, actions }: ConversationHeaderProps) {
  const online = useIsOnline(partner?.userId);
  if (partner?.deleted) {
    return (
      <div className={styles.header}>
        <Avatar name={DELETED_ACCOUNT_NAME} username={partner.username} src="" size={40} />
        <div className={styles.who}>
          <h1 className={styles.title} aria-label={`Chat with ${DELETED_ACCOUNT_NAME}`}>
            {DELETED_ACCOUNT_NAME}
          </h1>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.header}>
      {partner ? (
        <Link to={`/${partner.username}`} className={styles.headerAvatar} aria-hidden="true" tabIndex={-1}>
          <Avatar name={partner.name} username={partner.username} src={partner.profilePic} size={40} />
          {online ? <span className={indicatorStyles.presenceDot} /> : null}
        </Link>
      ) : (
        <span className={styles.avatarGhost} aria-hidden="true" />
      )}
      <div className={styles.who}>
        <h1 className={styles.title} aria-label={`Chat with @${username}`}>
          @{username}
        </h1>
        {partner ? (
          <p className={styles.subtitle}>
            <Link to={`/${partner.username}`} className={styles.name}>
              {partner.name}
            </Link>
            {partner.isAi ? <span className={styles.ai}>AI persona</span> : null}
            {online ? <span className={styles.connected}>connected</span> : null}
          </p>
        ) : null}
      </div>
      {actions}
    </div>
  );
}
