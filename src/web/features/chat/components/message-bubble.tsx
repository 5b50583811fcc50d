import { useEffect, useState } from 'react';
import type { Message, ReactionEmoji } from '../../../../contracts/messages.js';
import type { VoiceSettings } from '../../../../contracts/voices.js';
import { IconButton } from '../../../components/ui/button.js';
import {
  CheckIcon,
  CopyIcon,
  FlagIcon,
  ForwardIcon,
  PencilIcon,
  PlayIcon,
  StopIcon,
  TrashIcon,
} from '../../../components/ui/icons.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { formatTimestamp } from '../../../lib/format-timestamp.js';
import type { Speech } from '../hooks/use-speech.js';
import { MessageEditForm } from './message-edit-form.js';
import { ReactionChips, ReactionPicker } from './message-reactions.js';
import styles from './message-bubble.module.css';

/** What the reader may change of a message, and how (absent: nothing, as in a room they left). */
export interface BubbleChanges {
  /** The reader's id: which reactions are theirs. */
  me: string;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (text: string) => Promise<void>;
  onDelete: () => void;
  onReact: (emoji: ReactionEmoji, on: boolean) => void;
}

interface MessageBubbleProps {
  message: Message;
  author: string;
  /** Shown in place of @author ("deleted account"). */
  byline?: string;
  mine: boolean;
  /** Narrow screens (under 800 px) get a copy button (SPEC §2). */
  showCopy: boolean;
  speech: Speech;
  /** The voice its sender's messages are read aloud in, for this reader. */
  voice: VoiceSettings;
  /** Opens "Forward message" for this message. */
  onForward?: () => void;
  /** Someone else's message can be reported to the moderators. */
  onReport?: () => void;
  changes?: BubbleChanges;
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions, insecure context): the text can still be selected by hand.
    }
  };
  return (
    <IconButton
      size="sm"
      aria-label={copied ? 'Copied' : 'Copy message'}
      className={styles.action}
      onClick={() => void copy()}
    >
      {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
    </IconButton>
  );
}

/** A message deleted for everyone: who wrote it and when, "message deleted", and nothing to act on. */
function DeletedBubble({ message, byline, mine }: { message: Message; byline: string; mine: boolean }) {
  return (
    <article className={`${styles.bubble} ${mine ? styles.mine : styles.theirs}`}>
      <p className={styles.author}>{byline}</p>
      <p className={`${styles.text} ${styles.deleted}`}>message deleted</p>
      <div className={styles.footer}>
        <time dateTime={message.createdAt} className={styles.time}>
          {formatTimestamp(message.createdAt)}
        </time>
      </div>
    </article>
  );
}

/**
 * One message: @author, time, text as plain text (never HTML), read-aloud, forward and copy controls, and, as
 * far as the reader may, edit (in place), delete for everyone (after a confirmation) and reactions. A forwarded
 * message is a quote under "Forwarded from @whoever wrote it"; an edited one says "edited" by its time.
 */
export function MessageBubble({
  message,
  author,
  byline,
  mine,
  showCopy,
  speech,
  voice,
  onForward,
  onReport,
  changes,
}: MessageBubbleProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const speakingThis = speech.speakingId === message._id;
  if (message.deleted) return <DeletedBubble message={message} byline={byline ?? `@${author}`} mine={mine} />;
  const reactions = message.reactions ?? [];
  const myReactions = new Set(
    reactions.filter((r) => r.people.some((person) => person._id === changes?.me)).map((r) => r.emoji),
  );
  const text = (
    <p className={styles.text} dir="auto">
      {message.text}
    </p>
  );
  return (
    <article className={`${styles.bubble} ${mine ? styles.mine : styles.theirs}`}>
      <p className={styles.author}>{byline ?? `@${author}`}</p>
      {editing && changes ? (
        <MessageEditForm
          text={message.text}
          onCancel={() => setEditing(false)}
          onSave={async (edited) => {
            await changes.onEdit(edited);
            setEditing(false);
          }}
        />
      ) : message.forwardedFrom ? (
        <blockquote className={styles.forwarded}>
          <p className={styles.forwardedFrom}>Forwarded from @{message.forwardedFrom}</p>
          {text}
        </blockquote>
      ) : (
        text
      )}
      <ReactionChips reactions={reactions} me={changes?.me ?? ''} onToggle={changes?.onReact} />
      <div className={styles.footer}>
        <time dateTime={message.createdAt} className={styles.time}>
          {formatTimestamp(message.createdAt)}
        </time>
        {message.editedAt ? <span className={styles.edited}>edited</span> : null}
        <span className={styles.actions}>
          <IconButton
            size="sm"
            aria-label="Read aloud"
            className={styles.action}
            disabled={!speech.supported || speech.busy}
            onClick={() => speech.speak(message._id, message.text, voice)}
          >
            <PlayIcon size={16} />
          </IconButton>
          {speakingThis ? (
            <IconButton size="sm" aria-label="Stop reading" className={styles.action} onClick={speech.stop}>
              <StopIcon size={16} />
            </IconButton>
          ) : null}
          {changes ? (
            <ReactionPicker
              mine={myReactions}
              opensTowards={mine ? 'left' : 'right'}
              onPick={changes.onReact}
            />
          ) : null}
          {changes?.canEdit && !editing ? (
            <IconButton
              size="sm"
              aria-label="Edit message"
              className={styles.action}
              onClick={() => setEditing(true)}
            >
              <PencilIcon size={16} />
            </IconButton>
          ) : null}
          {changes?.canDelete ? (
            <IconButton
              size="sm"
              aria-label="Delete message"
              className={styles.action}
              onClick={() => setConfirming(true)}
            >
              <TrashIcon size={16} />
            </IconButton>
          ) : null}
          {onForward ? (
            <IconButton size="sm" aria-label="Forward message" className={styles.action} onClick={onForward}>
              <ForwardIcon size={16} />
            </IconButton>
          ) : null}
          {showCopy ? <CopyButton text={message.text} /> : null}
          {onReport ? (
            <IconButton size="sm" aria-label="Report message" className={styles.action} onClick={onReport}>
              <FlagIcon size={16} />
            </IconButton>
          ) : null}
        </span>
      </div>
      {confirming && changes ? (
        <ConfirmDialog
          open
          title="Delete this message for everyone?"
          confirmLabel="Delete"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            changes.onDelete();
          }}
        >
          Everyone in the conversation will see “message deleted” instead. This cannot be undone.
        </ConfirmDialog>
      ) : null}
    </article>
  );
}
