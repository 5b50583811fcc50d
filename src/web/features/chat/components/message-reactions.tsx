import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { REACTION_EMOJI, type Reaction, type ReactionEmoji } from '../../../../contracts/messages.js';
import { IconButton } from '../../../components/ui/button.js';
import { SmileIcon } from '../../../components/ui/icons.js';
import { Tooltip } from '../../../components/ui/tooltip.js';
import styles from './message-reactions.module.css';

/** How long a press on a chip shows who reacted (phones have no hover). */
const LONG_PRESS_MS = 500;
const WHO_SHOWN_MS = 4000;

/** "@ana, @bo", and how many more when the list is cut. */
function whoReacted(reaction: Reaction): string {
  const names = reaction.people.map((person) => `@${person.username}`).join(', ');
  const more = reaction.count - reaction.people.length;
  return more > 0 ? `${names} and ${more} more` : names;
}

/** A chip's accessible name: "👍 2 reactions: @ana, @bo". */
export function reactionLabel(reaction: Reaction): string {
  const count = `${reaction.count} ${reaction.count === 1 ? 'reaction' : 'reactions'}`;
  return `${reaction.emoji} ${count}: ${whoReacted(reaction)}`;
}

/**
 * A message's reactions as chips: emoji and count, pressed when one's own is among them; pressing toggles it.
 * Who reacted is the chip's name for screen readers, its tooltip on hover or focus, and shown under the chips on
 * a long press.
 */
export function ReactionChips({
  reactions,
  me,
  onToggle,
}: {
  reactions: readonly Reaction[];
  me: string;
  /** Absent when the reader may not react (a room they left): the chips only show. */
  onToggle?: (emoji: ReactionEmoji, on: boolean) => void;
}) {
  const [who, setWho] = useState<Reaction | null>(null);
  const press = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const longPressed = useRef(false);
  useEffect(() => {
    if (!who) return;
    const timer = setTimeout(() => setWho(null), WHO_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [who]);
  useEffect(() => () => clearTimeout(press.current), []);
  if (reactions.length === 0) return null;
  return (
    <div className={styles.reactions}>
      <ul className={styles.chips} aria-label="Reactions">
        {reactions.map((reaction) => {
          const mine = reaction.people.some((person) => person._id === me);
          const label = reactionLabel(reaction);
          return (
            <li key={reaction.emoji}>
              <Tooltip label={whoReacted(reaction)} kind="secondary" placement="top">
                <button
                  type="button"
                  className={`${styles.chip} ${mine ? styles.mine : ''}`}
                  aria-pressed={mine}
                  aria-label={label}
                  disabled={!onToggle}
                  onPointerDown={() => {
                    longPressed.current = false;
                    press.current = setTimeout(() => {
                      longPressed.current = true;
                      setWho(reaction);
                    }, LONG_PRESS_MS);
                  }}
                  onPointerUp={() => clearTimeout(press.current)}
                  onPointerLeave={() => clearTimeout(press.current)}
                  onContextMenu={(event) => event.preventDefault()}
                  onClick={() => {
                    // A long press showed who reacted; it toggles nothing.
                    if (longPressed.current) return;
                    onToggle?.(reaction.emoji, !mine);
                  }}
                >
                  <span aria-hidden="true">{reaction.emoji}</span>
                  <span aria-hidden="true">{reaction.count}</span>
                </button>
              </Tooltip>
            </li>
          );
        })}
      </ul>
      <p className={styles.who} role="status">
        {who ? `${who.emoji} ${whoReacted(who)}` : ''}
      </p>
    </div>
  );
}

/**
 * The reaction control of a message's action row: a button that opens the six emoji as a small toolbar. Arrow
 * keys move between them, Enter or Space picks one, Escape closes and gives focus back to the button.
 */
export function ReactionPicker({
  mine,
  opensTowards,
  onPick,
}: {
  /** The emoji the reader has put on this message already (picking one again takes it back). */
  mine: ReadonlySet<ReactionEmoji>;
  /** Where there is room beside the bubble: its own messages sit on the right, so it opens to the left. */
  opensTowards: 'left' | 'right';
  onPick: (emoji: ReactionEmoji, on: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    anchor.current?.querySelector('button')?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll('button')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    } else if (step !== undefined) {
      event.preventDefault();
      buttons[(at + step + buttons.length) % buttons.length]?.focus();
    }
  };

  return (
    <span ref={anchor} className={styles.pickerAnchor}>
      <IconButton
        size="sm"
        aria-label="Add reaction"
        aria-expanded={open}
        className={styles.action}
        onClick={() => setOpen((was) => !was)}
      >
        <SmileIcon size={16} />
      </IconButton>
      {open ? (
        <div
          role="toolbar"
          aria-label="Reactions"
          className={`${styles.picker} ${opensTowards === 'left' ? styles.towardsLeft : styles.towardsRight}`}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          {REACTION_EMOJI.map((emoji, index) => (
            <button
              key={emoji}
              ref={index === 0 ? first : undefined}
              type="button"
              className={styles.option}
              aria-pressed={mine.has(emoji)}
              aria-label={`React with ${emoji}`}
              onClick={() => {
                onPick(emoji, !mine.has(emoji));
                close();
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
      ) : null}
    </span>
  );
}
