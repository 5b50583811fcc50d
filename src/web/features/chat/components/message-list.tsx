import { useRef, type ReactNode } from 'react';
import type { Message } from '../../../../contracts/messages.js';
import type { VoiceSettings } from '../../../../contracts/voices.js';
import { Button } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { BREAKPOINTS } from '../../../../contracts/rules.js';
import { useJumpTo } from '../../../lib/use-jump-to.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import type { OlderMessages } from '../hooks/use-older-messages.js';
import { useScrollToNewest } from '../hooks/use-scroll-to-newest.js';
import type { Speech } from '../hooks/use-speech.js';
import { OpeningBubble, StreamingBubble } from './ai-reply.js';
import { LoadingBars } from './loading-bars.js';
import { MESSAGE_LIMITS } from '../../../../contracts/messages.js';
import type { MessageChanges } from '../api/message-changes.js';
import { MessageBubble, type BubbleChanges } from './message-bubble.js';
import indicatorStyles from '../../../components/ui/indicators.module.css';
import styles from './message-list.module.css';

const NARROW_BUBBLES_QUERY = `(max-width: ${BREAKPOINTS.bubbles - 1}px)`;
/** Reaching this close to the top loads the previous page. */
const LOAD_OLDER_AT_PX = 80;

/** Who wrote a message, as this reader sees it. */
export interface Sender {
  username: string;
  /** Shown in place of @username ("deleted account"). */
  byline?: string;
  /** The voice the message is read aloud in, for this reader. */
  voice: VoiceSettings;
}

interface MessageListProps {
  me: { _id: string; username: string };
  /** The log's name for assistive technology ("Messages with @ann"). */
  label: string;
  /** Said when there is nothing to show yet. */
  emptyText: string;
  /** Who wrote each message. */
  senderOf: (message: Message) => Sender;
  messages: readonly Message[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  older: OlderMessages;
  speech: Speech;
  /** A persona's opening message, not stored yet: its first bubble, before the stored messages. */
  opening?: { username: string; text: string } | null;
  /** Personas' replies being written, after the stored messages. */
  streaming?: readonly { replyId: string; username: string; text: string; done: boolean }[];
  /** A line under a message of mine saying who has read it ("Seen", "Seen by 2"), or null. */
  seenNote?: (message: Message) => string | null;
  /** What follows the messages: a persona typing, a failed reply. */
  footer?: ReactNode;
  /** Changes whenever the streamed content grows, so the log can follow it down. */
  liveKey?: string;
  /** Opens "Forward message" for a message and its author's username. */
  onForward?: (message: Message, author: string) => void;
  /** Reports someone else's message (and its author's username) to the moderators. */
  onReport?: (message: Message, author: string) => void;
  /** A message to bring into view and mark (opened from search), and what to do once it is shown. */
  jumpTo?: { messageId: string | null; onShown: () => void };
  /** Edit, delete and react; absent where the reader may change nothing (a room they left). */
  changes?: MessageChanges;
  /** Whether the reader may delete someone else's message (a persona's reply in their own persona chat). */
  mayDeleteOthers?: (message: Message) => boolean;
}

/** What the reader may do to one message, as the server allows it (it checks again). */
function bubbleChanges(
  message: Message,
  me: string,
  changes: MessageChanges,
  mayDeleteOthers: (message: Message) => boolean,
): BubbleChanges {
  const mine = message.sender === me;
  const age = Date.now() - Date.parse(message.createdAt);
  return {
    me,
    canEdit: mine && !message.forwardedFrom && age < MESSAGE_LIMITS.editWindowMs,
    canDelete: mine || mayDeleteOthers(message),
    onEdit: async (text) => {
      await changes.edit.mutateAsync({ messageId: message._id, text });
    },
    onDelete: () => changes.remove.mutate(message._id),
    onReact: (emoji, on) => changes.react.mutate({ messageId: message._id, emoji, on }),
  };
}

const NO_JUMP = { messageId: null, onShown: () => {} };
const NO_NOTE = () => null;
const NOT_OTHERS = () => false;

/** The conversation log (role="log"): newest at the bottom, older pages when scrolled to the top. */
export function MessageList({
  me,
  label,
  emptyText,
  senderOf,
  messages,
  loading,
  error,
  onRetry,
  older,
  speech,
  opening = null,
  streaming = [],
  seenNote = NO_NOTE,
  footer = null,
  liveKey = '',
  onForward,
  onReport,
  jumpTo = NO_JUMP,
  changes,
  mayDeleteOthers = NOT_OTHERS,
}: MessageListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const narrow = useMediaQuery(NARROW_BUBBLES_QUERY);
  const track = useScrollToNewest(ref, messages, me._id, liveKey);
  const live = streaming.length > 0 || footer !== null;
  const jump = useJumpTo(ref, {
    id: jumpTo.messageId,
    attribute: 'data-message-id',
    held: messages.some((message) => message._id === jumpTo.messageId),
    loading,
    earlier: older,
    onShown: jumpTo.onShown,
  });
  const found = jump.state === 'shown' ? jump.id : null;

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
      aria-label={label}
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
      {jump.state === 'looking' ? <p className={styles.jumping}>Finding the message…</p> : null}
      {jump.state === 'missing' ? (
        <InlineMessage kind="error">
          That message is not in this conversation any more, or too far back to open here.
        </InlineMessage>
      ) : null}
      {error ? (
        <div className={styles.failure}>
          <InlineMessage kind="error">{error}</InlineMessage>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : null}
      {!loading && !error && messages.length === 0 && !live && !opening ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : null}
      <ol className={styles.list}>
        {opening ? (
          <li className={styles.row}>
            <OpeningBubble username={opening.username} text={opening.text} />
          </li>
        ) : null}
        {messages.map((message) => {
          const mine = message.sender === me._id;
          const sender = senderOf(message);
          const author = sender.username;
          const note = mine ? seenNote(message) : null;
          return (
            <li
              key={message._id}
              className={[
                mine ? styles.rowMine : styles.row,
                message._id === found ? indicatorStyles.found : '',
              ]
                .filter(Boolean)
                .join(' ')}
              data-message-id={message._id}
              tabIndex={message._id === found ? -1 : undefined}
            >
              <MessageBubble
                message={message}
                author={author}
                byline={sender.byline}
                mine={mine}
                showCopy={narrow}
                speech={speech}
                voice={sender.voice}
                onForward={onForward ? () => onForward(message, author) : undefined}
                onReport={onReport && !mine ? () => onReport(message, author) : undefined}
                changes={changes && bubbleChanges(message, me._id, changes, mayDeleteOthers)}
              />
              {note ? <p className={styles.seen}>{note}</p> : null}
            </li>
          );
        })}
        {streaming.map((reply) => (
          <li key={reply.replyId} className={styles.row}>
            <StreamingBubble username={reply.username} text={reply.text} done={reply.done} />
          </li>
        ))}
      </ol>
      {footer}
    </div>
  );
}
