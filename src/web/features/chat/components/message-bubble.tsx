import { useEffect, useState } from 'react';
import type { Message } from '../../../../contracts/messages.js';
import type { VoiceSettings } from '../../../../contracts/voices.js';
import { IconButton } from '../../../components/ui/button.js';
import {
  CheckIcon,
  CopyIcon,
  FlagIcon,
  ForwardIcon,
  PlayIcon,
  StopIcon,
} from '../../../components/ui/icons.js';
import { formatTimestamp } from '../../../lib/format-timestamp.js';
import type { Speech } from '../hooks/use-speech.js';
import styles from './message-bubble.module.css';

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

/**
 * One message: @author, time, text as plain text (never HTML), read-aloud, forward and copy controls. A
 * forwarded message is a quote under "Forwarded from @whoever wrote it".
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
}: MessageBubbleProps) {
  const speakingThis = speech.speakingId === message._id;
  return (
    <article className={`${styles.bubble} ${mine ? styles.mine : styles.theirs}`}>
      <p className={styles.author}>{byline ?? `@${author}`}</p>
      {message.forwardedFrom ? (
        <blockquote className={styles.forwarded}>
          <p className={styles.forwardedFrom}>Forwarded from @{message.forwardedFrom}</p>
          <p className={styles.text} dir="auto">
            {message.text}
          </p>
        </blockquote>
      ) : (
        <p className={styles.text} dir="auto">
          {message.text}
        </p>
      )}
      <div className={styles.footer}>
        <time dateTime={message.createdAt} className={styles.time}>
          {formatTimestamp(message.createdAt)}
        </time>
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
    </article>
  );
}
