import { useState } from 'react';
import { Button, IconButton } from '../../../components/ui/button.js';
import { CloseIcon } from '../../../components/ui/icons.js';
import bubbleStyles from './message-bubble.module.css';
import styles from './ai-reply.module.css';

/** "@ai is typing…" with three bouncing dots, until the first words of the reply arrive. */
export function TypingIndicator({ username }: { username: string }) {
  return (
    <div className={styles.typing} role="status" aria-live="polite">
      <span className={styles.dots} aria-hidden="true" data-testid="typing-dots">
        <span />
        <span />
        <span />
      </span>
      <span className={styles.typingText}>@{username} is typing…</span>
    </div>
  );
}

/**
 * A persona's opening message before the conversation exists: what it will say first, shown as its first bubble
 * so an empty chat greets like persona products do. The server stores it with the first message sent.
 */
export function OpeningBubble({ username, text }: { username: string; text: string }) {
  return (
    <article className={`${bubbleStyles.bubble} ${bubbleStyles.theirs}`} data-opening="true">
      <p className={bubbleStyles.author}>@{username}</p>
      <p className={bubbleStyles.text}>{text}</p>
    </article>
  );
}

/**
 * A persona's reply while it is written: it grows with each piece the socket brings. aria-busy keeps
 * screen readers from reading every piece; the stored message that replaces it is announced whole.
 */
export function StreamingBubble({ username, text, done }: { username: string; text: string; done: boolean }) {
  return (
    <article
      className={`${bubbleStyles.bubble} ${bubbleStyles.theirs} ${styles.streaming}`}
      aria-busy={done ? undefined : 'true'}
      data-streaming="true"
    >
      <p className={bubbleStyles.author}>@{username}</p>
      <p className={bubbleStyles.text} dir="auto">
        {text}
        {done ? null : <span className={styles.caret} aria-hidden="true" />}
      </p>
      <div className={bubbleStyles.footer}>
        <span className={`${bubbleStyles.time} ${styles.writing}`}>writing…</span>
      </div>
    </article>
  );
}

interface ReplyFailureProps {
  username: string;
  error: string;
  /** Asks the persona to answer the person's last message again; absent when the last message is not theirs. */
  onRetry?: () => Promise<unknown>;
  onDismiss: () => void;
}

/** A failed reply, in place: why, a way to ask again, and a way to put it away. */
export function ReplyFailure({ username, error, onRetry, onDismiss }: ReplyFailureProps) {
  const [busy, setBusy] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);
  const retry = async () => {
    if (!onRetry) return;
    setBusy(true);
    setRetryError(null);
    try {
      await onRetry();
    } catch (failure) {
      setRetryError(failure instanceof Error ? failure.message : 'Could not ask again.');
      setBusy(false);
    }
  };
  return (
    <div className={styles.failure} data-testid="ai-reply-error">
      <span className={styles.failureIcon} aria-hidden="true">
        !
      </span>
      <p role="alert" className={styles.failureText}>
        <strong>@{username} could not answer:</strong> {error}
        {retryError ? <span className={styles.retryError}> Trying again failed: {retryError}</span> : null}
      </p>
      <span className={styles.failureActions}>
        {onRetry ? (
          <Button variant="secondary" className={styles.retry} busy={busy} onClick={() => void retry()}>
            Try again
          </Button>
        ) : null}
        <IconButton size="sm" aria-label="Dismiss error" className={styles.dismiss} onClick={onDismiss}>
          <CloseIcon size={16} />
        </IconButton>
      </span>
    </div>
  );
}
