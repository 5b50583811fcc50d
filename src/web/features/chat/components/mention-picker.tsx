import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { insertMention, mentionAt, suggestMentions, type MentionCandidate } from './mentions.js';
import styles from './mention-picker.module.css';

interface MentionPickerOptions {
  /** Who may be @named here; none: no suggestions (a DM). */
  candidates: readonly MentionCandidate[] | undefined;
  text: string;
  setText: (text: string) => void;
  boxRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * "@" and a few letters in the message box suggest who to name: a listbox above the box that the box keeps
 * focus over (aria-activedescendant). Up and Down move, Enter or Tab pick, Escape closes it until the next @;
 * while it is closed the box's keys do what they always do (Enter sends).
 */
export function useMentionPicker({ candidates, text, setText, boxRef }: MentionPickerOptions) {
  const listId = useId();
  const [caret, setCaret] = useState(0);
  // Where the @ of a list closed with Escape is: that @name gets no list until a new one is begun.
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const [active, setActive] = useState({ query: '', index: 0 });
  const pendingCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null) return;
    pendingCaret.current = null;
    boxRef.current?.setSelectionRange(at, at);
  }, [text, boxRef]);

  const token = candidates?.length ? mentionAt(text, caret) : null;
  const options =
    candidates && token && token.start !== closedAt ? suggestMentions(candidates, token.query) : [];
  const open = token !== null && options.length > 0;
  const index = active.query === token?.query ? Math.min(active.index, options.length - 1) : 0;
  const optionId = (at: number) => `${listId}-${at}`;

  /** The caret moved or the text changed: follow it. */
  const track = (box: HTMLTextAreaElement) => {
    setCaret(box.selectionStart);
    if (!mentionAt(box.value, box.selectionStart)) setClosedAt(null);
  };
  const pick = (candidate: MentionCandidate | undefined) => {
    if (!token || !candidate) return;
    const next = insertMention(text, token, caret, candidate.username);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    setText(next.text);
  };
  /** The list's keys, while it is open; true when the key was its. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const move = (by: number) =>
      setActive({ query: token.query, index: (index + by + options.length) % options.length });
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) pick(options[index]);
    else if (event.key === 'Escape') {
      event.stopPropagation();
      setClosedAt(token.start);
    } else return false;
    event.preventDefault();
    return true;
  };

  const boxProps = candidates?.length
    ? {
        'aria-autocomplete': 'list' as const,
        'aria-controls': open ? listId : undefined,
        'aria-activedescendant': open ? optionId(index) : undefined,
      }
    : {};
  const list = candidates?.length ? (
    <>
      {open ? (
        <ul id={listId} role="listbox" aria-label="People and personas to mention" className={styles.list}>
          {options.map((candidate, at) => (
            <li
              key={candidate.username}
              id={optionId(at)}
              role="option"
              aria-selected={at === index}
              className={styles.option}
              // The box keeps focus (and its caret) when an option is clicked.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(candidate)}
            >
              <span className={styles.handle}>@{candidate.username}</span>
              <span className={styles.name}>{candidate.name}</span>
              {candidate.isAi ? <span className={styles.tag}>AI</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="visually-hidden">
        {open ? `${options.length} to mention. Up and Down to choose, Enter to pick, Escape to close.` : ''}
      </p>
    </>
  ) : null;

  return { onKeyDown, track, boxProps, list };
}
