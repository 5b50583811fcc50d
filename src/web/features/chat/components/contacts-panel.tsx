import { useState, type KeyboardEvent } from 'react';
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

/** Keys that move through the list, to the entry they reach from `at` of `count`. */
function step(key: string, at: number, count: number): number | null {
  if (key === 'ArrowDown') return Math.min(at + 1, count - 1);
  if (key === 'ArrowUp') return Math.max(at - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The conversation list (SPEC §2): newest first; mock conversations never appear here. It is a single tab
 * stop (the open conversation, else the first): arrows, Home and End move between entries, so Tab passes
 * the whole list in one press on the way to the conversation.
 */
export function ContactsPanel({ activeUsername, onPick }: ContactsPanelProps) {
  const conversations = useConversations();
  const [focused, setFocused] = useState<string | null>(null);

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
  const list = conversations.data;
  const ids = list.map((conversation) => conversation._id);
  const activeId = list.find((c) => otherParty(c)?.username === activeUsername)?._id;
  const current = (focused !== null && ids.includes(focused) ? focused : activeId) ?? ids[0];

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const at = ids.indexOf(current ?? '');
    const next = step(event.key, at, ids.length);
    if (next === null || at < 0) return;
    event.preventDefault();
    event.currentTarget.querySelectorAll<HTMLAnchorElement>('a')[next]?.focus();
  };

  return (
    <ul className={styles.list} aria-label="Conversations" onKeyDown={onKeyDown}>
      {list.map((conversation) => (
        <li key={conversation._id} onFocus={() => setFocused(conversation._id)}>
          <ContactItem
            conversation={conversation}
            active={otherParty(conversation)?.username === activeUsername}
            onPick={onPick}
            tabIndex={conversation._id === current ? 0 : -1}
          />
        </li>
      ))}
    </ul>
  );
}
