import { Button } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { describeError } from '../../../lib/api-client.js';
import { otherParty } from '../api/conversation-cache.js';
import { useConversations } from '../api/get-conversations.js';
import { ContactItem } from './contact-item.js';
import styles from './contacts.module.css';

interface ContactsPanelProps {
  /** The username whose conversation is open, to mark it current. */
  activeUsername: string;
  onPick?: () => void;
}

/** The conversation list (SPEC §2): newest first; mock conversations never appear here. */
export function ContactsPanel({ activeUsername, onPick }: ContactsPanelProps) {
  const conversations = useConversations();

  if (conversations.isPending) {
    return (
      <div role="status" className={styles.skeletons}>
        {[0, 1, 2].map((row) => (
          <div key={row} className={styles.skeleton} aria-hidden="true" />
        ))}
        <span className="visually-hidden">Loading contacts…</span>
      </div>
    );
  }
  if (conversations.isError) {
    return (
      <div className={styles.notice}>
        <InlineMessage kind="error">{describeError(conversations.error)}</InlineMessage>
        <Button variant="secondary" onClick={() => void conversations.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (conversations.data.length === 0) {
    return <p className={styles.empty}>No conversations yet. Search a username to start one.</p>;
  }
  return (
    <ul className={styles.list} aria-label="Conversations">
      {conversations.data.map((conversation) => (
        <li key={conversation._id}>
          <ContactItem
            conversation={conversation}
            active={otherParty(conversation)?.username === activeUsername}
            onPick={onPick}
          />
        </li>
      ))}
    </ul>
  );
}
