import { Button } from '../../../components/ui/button.js';
import { NO_SUCH_USER } from '../hooks/use-chat-search.js';
import type { Selection } from '../hooks/use-selected-conversation.js';
import { ConversationHeader } from './conversation-header.js';
import { LoadingBars } from './loading-bars.js';
import listStyles from './message-list.module.css';
import styles from './conversation.module.css';

type Waiting = Exclude<Selection, { kind: 'ready' } | { kind: 'self' }>;

/** The central pane before a conversation can open: nothing chosen, looking up, unknown or failed. */
export function ConversationPlaceholder({
  selection,
  onOpenContacts,
}: {
  selection: Waiting;
  onOpenContacts?: () => void;
}) {
  if (selection.kind === 'none') {
    return (
      <div className={styles.placeholder}>
        <div className={styles.placeholderCard}>
          <span className={styles.placeholderMark} aria-hidden="true">
            @
          </span>
          <h1 className={styles.placeholderTitle}>Your messages</h1>
          <p className={styles.placeholderText}>
            Pick a contact, or search a username above to start a conversation.
          </p>
          {onOpenContacts ? (
            <Button variant="secondary" onClick={onOpenContacts}>
              Browse contacts
            </Button>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <>
      <ConversationHeader username={selection.username} />
      {selection.kind === 'loading' ? (
        <div className={listStyles.log}>
          <LoadingBars />
        </div>
      ) : (
        <div className={styles.placeholder}>
          <div className={styles.placeholderCard}>
            <p role="alert" className={styles.placeholderTitle}>
              {selection.kind === 'not-found' ? NO_SUCH_USER : selection.message}
            </p>
            <p className={styles.placeholderText}>
              {selection.kind === 'not-found'
                ? `Nobody is called @${selection.username}. Check the spelling, or search another username.`
                : 'Please try again in a moment.'}
            </p>
          </div>
        </div>
      )}
    </>
  );
}
