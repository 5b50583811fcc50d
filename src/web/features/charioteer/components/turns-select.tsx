import { useId } from 'react';
import { CHARIOTEER_LIMITS } from '../../../../contracts/charioteer.js';
import styles from './charioteer.module.css';

const OPTIONS = Array.from({ length: CHARIOTEER_LIMITS.turnsPerRunMax }, (_, index) => index + 1);

/** How many turns a run lasts (1 to 30). */
export function TurnsSelect({
  label,
  value,
  onChange,
  compact = false,
}: {
  label: string;
  value: number;
  onChange: (turns: number) => void;
  /** The label sits beside the select instead of above it. */
  compact?: boolean;
}) {
  const id = useId();
  return (
    <span className={compact ? `${styles.turnsSelect} ${styles.turnsCompact}` : styles.turnsSelect}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {OPTIONS.map((turns) => (
          <option key={turns} value={turns}>
            {turns}
          </option>
        ))}
      </select>
    </span>
  );
}
