import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CLEAN_SLATE_PHRASE, MESSAGE_LIMITS } from '../../../../contracts/messages.js';
import { Button, IconButton } from '../../../components/ui/button.js';
import { SendIcon } from '../../../components/ui/icons.js';
import { describeError } from '../../../lib/api-client.js';
import { isServerBusy, type RetryCause } from '../api/busy-retry.js';
import { useMentionPicker } from './mention-picker.js';
import type { MentionCandidate } from './mentions.js';
import styles from './composer.module.css';

/** SPEC §9: the composer grows with its text up to this height, then scrolls. */
export const COMPOSER_MAX_HEIGHT_PX = 90;

/** Said (politely) while a send the server refused as busy waits for its next attempt. */
export const BUSY_RETRYING = 'The server is busy. Retrying…';
/** Said while a send whose answer never came (connection lost) waits for its next attempt. */
export const UNANSWERED_RETRYING = 'No answer from the server. Sending again…';

const RETRYING_NOTICE: Record<RetryCause, string> = { busy: BUSY_RETRYING, unanswered: UNANSWERED_RETRYING };

/** SPEC §2: '@ada', or '@sage ai' for an AI persona. */
export function composerPlaceholder(username: string, isAi: boolean): string {
  return `@${username}${isAi ? ' ai' : ''}`;
}

interface ComposerProps {
  /** Whom the message goes to, as the box's label says it: '@ada', or a room's name. */
  recipient: string;
  /** What the empty box shows (composerPlaceholder for a direct conversation). */
  placeholder: string;
  /** Sends the text; a rejection keeps the text and shows why. */
  onSend: (text: string) => Promise<unknown>;
  /** Why the pending send is being retried (busy server, lost answer); the text stays, unchangeable, meanwhile. */
  retrying?: RetryCause | null;
  /** The "clean slate" phrase was typed: clear local history, send nothing. */
  onCleanSlate: () => void;
  /**
   * A persona's tools ('clear', 'memory'): a labelled row of their own above the text box at every width, so the
   * box is never narrower than in a people chat and the layout is the same on phones and desktops.
   */
  tools?: ReactNode;
  /** The text box's id, for the "Skip to message box" link. */
  boxId?: string;
  /** Called as the person types (a room tells the others). */
  onTyping?: () => void;
  /** Who "@" suggests (a room's members); none in a DM. */
  mentions?: readonly MentionCandidate[];
}

/** The fixed message box: Enter sends, Shift+Enter breaks the line, one send at a time (SPEC §5). */
export function Composer({
  recipient,
  placeholder,
  onSend,
  retrying = null,
  onCleanSlate,
  tools,
  boxId,
  onTyping,
  mentions,
}: ComposerProps) {
  const ownId = useId();
  const id = boxId ?? ownId;
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server stayed busy through every retry: offer to send the kept text again.
  const [stillBusy, setStillBusy] = useState(false);
  const busyRef = useRef(false);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const picker = useMentionPicker({ candidates: mentions, text, setText, boxRef });

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    box.style.height = 'auto';
    if (box.scrollHeight > 0) box.style.height = `${Math.min(box.scrollHeight, COMPOSER_MAX_HEIGHT_PX)}px`;
  }, [text]);

  const submit = async () => {
    const trimmed = text.trim();
    if (busyRef.current || trimmed === '') return;
    if (trimmed.toLowerCase() === CLEAN_SLATE_PHRASE) {
      onCleanSlate();
      setText('');
      setError(null);
      return;
    }
    if (trimmed.length > MESSAGE_LIMITS.textMax) {
      setError(`Message must be at most ${MESSAGE_LIMITS.textMax} characters`);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setError(null);
    setStillBusy(false);
    try {
      await onSend(trimmed);
      setText('');
    } catch (failure) {
      setError(describeError(failure));
      setStillBusy(isServerBusy(failure));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picker.onKeyDown(event)) return;
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      className={styles.composer}
      aria-busy={busy || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {/* Always present, so screen readers hear the notice when it appears. */}
      <p role="status" className={retrying ? styles.notice : 'visually-hidden'}>
        {retrying ? RETRYING_NOTICE[retrying] : null}
      </p>
      {error ? (
        <div className={styles.failure}>
          <p role="alert" id={`${id}-error`} className={styles.error}>
            {error}
          </p>
          {stillBusy ? (
            <Button variant="secondary" onClick={() => void submit()}>
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}
      {tools ? (
        <div role="group" aria-label={`Tools for ${recipient}`} className={styles.tools}>
          {tools}
        </div>
      ) : null}
      <div className={styles.row}>
        {picker.list}
        <label htmlFor={id} className="visually-hidden">
          {`Message ${recipient}`}
        </label>
        <textarea
          dir="auto"
          id={id}
          ref={boxRef}
          rows={1}
          className={styles.input}
          placeholder={placeholder}
          value={text}
          readOnly={retrying !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          {...picker.boxProps}
          onChange={(event) => {
            setText(event.target.value);
            picker.track(event.target);
            if (event.target.value.trim() !== '') onTyping?.();
          }}
          onSelect={(event) => picker.track(event.currentTarget)}
          onKeyDown={onKeyDown}
        />
        <IconButton
          type="submit"
          variant="solid"
          aria-label="Send message"
          disabled={busy}
          className={styles.send}
        >
          <SendIcon size={18} />
        </IconButton>
      </div>
    </form>
  );
}
