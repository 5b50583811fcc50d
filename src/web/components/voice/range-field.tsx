import { useId } from 'react';
import styles from './voice-fields.module.css';

interface RangeFieldProps {
  label: string;
  name: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
}

/** A labelled slider with its value beside it; arrow keys move it a step, Home and End to its ends. */
export function RangeField({ label, name, value, min, max, step, onChange }: RangeFieldProps) {
  const id = useId();
  const shown = value.toFixed(2).replace(/0$/, '');
  return (
    <div className={styles.range}>
      <div className={styles.rangeLabel}>
        <label htmlFor={id}>{label}</label>
        {/* For the eye; the slider announces the same value itself (aria-valuetext). */}
        <span className={styles.rangeValue} aria-hidden="true">
          {shown}
        </span>
      </div>
      <input
        id={id}
        type="range"
        name={name}
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={shown}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}
