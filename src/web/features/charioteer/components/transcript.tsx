import { useLayoutEffect, useRef } from 'react';
import { CUT_SHORT_MARK, type Seat, type Turn } from '../../../../contracts/charioteer.js';
import type { SelfUser } from '../../../../contracts/users.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { useJumpTo } from '../../../lib/use-jump-to.js';
import { turnBefore } from '../api/discussion-cache.js';
import type { LiveTurn } from '../hooks/use-charioteer-events.js';
import indicatorStyles from '../../../components/ui/indicators.module.css';
import styles from './charioteer.module.css';

interface TranscriptProps {
  turns: readonly Turn[];
  seats: readonly Seat[];
  me: SelfUser;
  live: LiveTurn | null;
  /** A turn to bring into view and mark (opened from search), and what to do once it is shown. */
  jumpTo: { turnId: string | null; onShown: () => void };
}

interface Speaker {
  name: string;
  username: string;
  profilePic: string;
  label: string;
}

function speakerOf(
  speakerId: string | null,
  kind: Turn['speakerKind'],
  seats: readonly Seat[],
  me: SelfUser,
): Speaker {
  if (kind === 'user')
    return { name: me.name, username: me.username, profilePic: me.profilePic, label: 'You' };
  const seat = seats.find((candidate) => candidate._id === speakerId);
  if (!seat) return { name: '?', username: 'someone', profilePic: '', label: 'A persona' };
  return { ...seat, label: `@${seat.username}` };
}

function TurnView({
  id,
  speaker,
  text,
  mine,
  streaming,
  cutShort,
  found,
}: {
  id: string;
  speaker: Speaker;
  text: string;
  mine: boolean;
  streaming?: boolean;
  cutShort?: boolean;
  found?: boolean;
}) {
  return (
    <article
      className={[styles.turn, mine ? styles.turnMine : '', found ? indicatorStyles.found : '']
        .filter(Boolean)
        .join(' ')}
      data-turn-id={id}
      tabIndex={found ? -1 : undefined}
      aria-busy={streaming || undefined}
      data-streaming={streaming || undefined}
      data-cut-short={cutShort || undefined}
    >
      <Avatar name={speaker.name} username={speaker.username} src={speaker.profilePic} size={36} />
      <div className={styles.turnBody}>
        <p className={styles.turnSpeaker}>{speaker.label}</p>
        <p className={styles.turnText} dir="auto">
          {text}
          {streaming ? <span className={indicatorStyles.caret} aria-hidden="true" /> : null}
          {cutShort ? (
            <>
              {' '}
              <span className={styles.cutShort} title="Stopped before the end of the turn">
                {CUT_SHORT_MARK}
                <span className="visually-hidden">: stopped before the end of the turn</span>
              </span>
            </>
          ) : null}
        </p>
      </div>
    </article>
  );
}

/**
 * Everything said at the table in the stored order, the turn being spoken growing where it will be stored:
 * after the turns before it, before a join-in written while it is spoken.
 */
export function Transcript({ turns, seats, me, live, jumpTo }: TranscriptProps) {
  const logRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const jump = useJumpTo(logRef, {
    id: jumpTo.turnId,
    attribute: 'data-turn-id',
    held: turns.some((turn) => turn._id === jumpTo.turnId),
    loading: false,
    onShown: jumpTo.onShown,
  });
  const found = jump.state === 'shown' ? jump.id : null;
  const liveSpeaker = live ? speakerOf(live.speakerId, 'persona', seats, me) : null;
  const later = live ? turns.findIndex((turn) => turnBefore(live.turnId, turn._id)) : -1;
  const liveAt = later === -1 ? turns.length : later;
  const turnView = (turn: Turn) => (
    <TurnView
      key={turn._id}
      id={turn._id}
      speaker={speakerOf(turn.speakerId, turn.speakerKind, seats, me)}
      text={turn.text}
      mine={turn.speakerKind === 'user'}
      cutShort={turn.cutShort}
      found={turn._id === found}
    />
  );

  // Follow the conversation unless the reader has scrolled up to read something earlier.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && stick.current) log.scrollTop = log.scrollHeight;
  }, [turns.length, live?.text]);

  return (
    <div
      ref={logRef}
      role="log"
      aria-label="Transcript"
      tabIndex={0}
      className={styles.log}
      onScroll={(event) => {
        const log = event.currentTarget;
        stick.current = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
      }}
    >
      {jump.state === 'missing' ? (
        <InlineMessage kind="error">That turn is not in this discussion any more.</InlineMessage>
      ) : null}
      {turns.length === 0 && !live ? <p className={styles.logEmpty}>Nobody has spoken yet.</p> : null}
      {turns.slice(0, liveAt).map(turnView)}
      {live && liveSpeaker ? (
        live.text === '' ? (
          <div className={styles.typing} role="status">
            <span className={styles.dots} aria-hidden="true" data-testid="typing-dots">
              <span />
              <span />
              <span />
            </span>
            <span>{liveSpeaker.label} is speaking…</span>
          </div>
        ) : (
          <TurnView
            key={live.turnId}
            id={live.turnId}
            speaker={liveSpeaker}
            text={live.text}
            mine={false}
            streaming
          />
        )
      ) : null}
      {turns.slice(liveAt).map(turnView)}
    </div>
  );
}
