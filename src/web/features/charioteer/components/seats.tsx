import type { Seat } from '../../../../contracts/charioteer.js';
import { Avatar } from '../../../components/ui/avatar.js';
import styles from './charioteer.module.css';

interface SeatsProps {
  seats: readonly Seat[];
  speakingId: string | null;
  nextSpeakerId: string | null;
  /** Whether picking the next speaker is possible right now. */
  canPick: boolean;
  onPick: (seat: Seat) => void;
}

/** The personas around the table: who is speaking, who speaks next; click one to have them speak next. */
export function Seats({ seats, speakingId, nextSpeakerId, canPick, onPick }: SeatsProps) {
  return (
    <div className={styles.table}>
      <ul className={styles.seats} aria-label="Seats: choose who speaks next">
        {seats.map((seat) => {
          const speaking = seat._id === speakingId;
          const next = seat._id === nextSpeakerId;
          return (
            <li
              key={seat._id}
              className={styles.seat}
              data-speaking={speaking || undefined}
              data-next={next || undefined}
            >
              <button
                type="button"
                className={styles.seatButtonBig}
                aria-pressed={next}
                aria-label={`${seat.name} @${seat.username} speaks next`}
                aria-describedby={speaking ? `seat-state-${seat._id}` : undefined}
                disabled={!canPick}
                onClick={() => onPick(seat)}
              >
                <span className={styles.seatAvatar}>
                  <Avatar name={seat.name} username={seat.username} src={seat.profilePic} size={52} />
                </span>
                <span className={styles.seatName}>{seat.name}</span>
                <span className={styles.seatHandle}>@{seat.username}</span>
              </button>
              {speaking ? (
                <span id={`seat-state-${seat._id}`} className={styles.seatState}>
                  <span className={styles.dots} aria-hidden="true">
                    <span />
                    <span />
                    <span />
                  </span>
                  speaking…
                </span>
              ) : next ? (
                <span className={`${styles.seatState} ${styles.seatNext}`}>speaks next</span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
