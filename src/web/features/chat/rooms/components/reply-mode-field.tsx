import { useId } from 'react';
import type { ReplyMode } from '../../../../../contracts/rooms.js';
import styles from './room-forms.module.css';

/** Each reply mode in a few words, and what it means in one line. */
export const REPLY_MODES: readonly { mode: ReplyMode; label: string; explain: string }[] = [
  {
    mode: 'mentioned',
    label: 'When mentioned',
    explain: 'A persona answers only when someone @names it.',
  },
  {
    mode: 'one',
    label: 'One responds',
    explain: 'After each message one persona answers: the one @named, or the one it suits best.',
  },
  {
    mode: 'free',
    label: 'Free talk',
    explain: 'Personas may answer each other too, a few turns per message at most.',
  },
];

/** "Who answers": the room's reply mode as radio buttons, each with its explanation read with it. */
export function ReplyModeField({
  value,
  onChange,
  disabled = false,
}: {
  value: ReplyMode;
  onChange: (mode: ReplyMode) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className={styles.modes} disabled={disabled}>
      <legend className={styles.legend}>Who answers</legend>
      {REPLY_MODES.map(({ mode, label, explain }) => (
        <label key={mode} className={styles.mode}>
          <input
            type="radio"
            name={`${id}-mode`}
            value={mode}
            checked={value === mode}
            aria-describedby={`${id}-${mode}`}
            onChange={() => onChange(mode)}
          />
          <span className={styles.modeText}>
            <span className={styles.modeLabel}>{label}</span>
            <span id={`${id}-${mode}`} className={styles.modeExplain}>
              {explain}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
