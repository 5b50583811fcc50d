import { useRef, type ReactNode } from 'react';
import type { Message } from '../../../../contracts/messages.js';
import { Button } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { BREAKPOINTS } from '../../../../contracts/rules.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import type { OlderMessages } from '../hooks/use-older-messages.js';
import { useScrollToNewest } from '../hooks/use-scroll-to-newest.js';
import type { Speech } from '../hooks/use-speech.js';
import { StreamingBubble } from './ai-reply.js';
import { LoadingBars } from './loading-bars.js';
import { MessageBubble } from './message-bubble.js';
import styles from './message-list.module.css';

const NARROW_BUBBLES_QUERY = `(max-width: ${BREAKPOINTS.bubbles - 1}px)`;
/** Reaching this close to the top loads the previous page. */
const LOAD_OLDER_AT_PX = 80;

interface MessageListProps {
  me: { _id: string; username: string };
  partnerUsername: string;
  messages: readonly Message[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  older: OlderMessages;
  speech: Speech;
  /** A persona's replies being written, after the stored messages. */
  streaming?: readonly { replyId: string; text: string; done: boolean }[];
  /** What follows the messages: a persona typing, a failed reply. */
  footer?: ReactNode;
  /** Changes whenever the streamed content grows, so the log can follow it down. */
  liveKey?: string;
  /** Opens "Forward message" for a message and its author's username. */
  onForward?: (message: Message, author: string) => void;
}

/** The conversation log (role="log"): newest at the bottom, older pages when scrolled to the top. */
export function MessageList({
  me,
  partnerUsername,
  messages,
  loading,
  error,
  onRetry,
  older,
  speech,
  streaming = [],
  footer = null,
  liveKey = '',
  onForward,
}: MessageListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const narrow = useMediaQuery(NARROW_BUBBLES_QUERY);
  const track = useScrollToNewest(ref, messages, me._id, liveKey);
  const live = streaming.length > 0 || footer !== null;
  const lastMine = messages.findLast((message) => message.sender === me._id);

  const onScroll = () => {
    track();
    if (ref.current && ref.current.scrollTop < LOAD_OLDER_AT_PX && older.hasMore) void older.loadOlder();
  };

  return (
    <div
      ref={ref}
      className={styles.log}
      role="log"
      aria-live="polite"
      aria-label={`Messages with @${partnerUsername}`}
      aria-busy={loading || undefined}
      tabIndex={0}
      onScroll={onScroll}
    >
      {older.hasMore ? (
        <Button
          variant="ghost"
          className={styles.older}
          busy={older.loading}
          onClick={() => void older.loadOlder()}
        >
          {older.loading ? 'Loading older messages…' : 'Load older messages'}
        </Button>
      ) : null}
      {older.error ? <InlineMessage kind="error">{older.error}</InlineMessage> : null}
      {loading ? <LoadingBars /> : null}
      {error ? (
        <div className={styles.failure}>
          <InlineMessage kind="error">{error}</InlineMessage>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : null}
      {!loading && !error && messages.length === 0 && !live ? (
        <p className={styles.empty}>No messages yet. Say hello to @{partnerUsername}.</p>
      ) : null}
      <ol className={styles.list}>
        {messages.map((message) => {
          const mine = message.sender === me._id;
          const author = mine ? me.username : partnerUsername;
          return (
            <li key={message._id} className={mine ? styles.rowMine : styles.row}>
              <MessageBubble
                message={message}
                author={author}
                mine={mine}
                showCopy={narrow}
                speech={speech}
                onForward={onForward ? () => onForward(message, author) : undefined}
              />
              {message === lastMine && message.seen ? <p className={styles.seen}>Seen</p> : null}
            </li>
          );
        })}
        {streaming.map((reply) => (
          <li key={reply.replyId} className={styles.row}>
            <StreamingBubble username={partnerUsername} text={reply.text} done={reply.done} />
          </li>
        ))}
      </ol>
      {footer}
    </div>
  );
}
