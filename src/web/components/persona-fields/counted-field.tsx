import { useId, type Ref } from 'react';
import { CharCounter } from '../ui/char-counter.js';
import fieldStyles from '../ui/text-field.module.css';
import { FieldError, FieldLabel } from './field-parts.js';
import styles from './fields.module.css';

export interface CountedFieldProps {
  label: string;
  name: string;
  value: string;
  max: number;
  onChange: (raw: string) => void;
  /** A textarea of this many rows; a single-line input when absent. */
  rows?: number;
  hint?: string;
  error?: string;
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  fieldRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

/** A labelled input or textarea with a live "n/max" counter, its hint and its error, all announced. */
export function CountedField(props: CountedFieldProps) {
  const { label, name, value, max, onChange, rows, hint, error, required, placeholder, fieldRef } = props;
  const id = useId();
  const counterId = `${id}-count`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const over = value.length > max;
  const describedBy = [counterId, hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const shared = {
    id,
    name,
    value,
    required,
    placeholder,
    ref: fieldRef,
    'aria-required': required || undefined,
    'aria-invalid': error || over ? true : undefined,
    'aria-describedby': describedBy,
    autoComplete: props.autoComplete ?? 'off',
  };
  return (
    <div className={fieldStyles.field}>
      <div className={styles.labelRow}>
        <FieldLabel htmlFor={id} label={label} required={required} />
        <CharCounter id={counterId} count={value.length} max={max} />
      </div>
      {rows === undefined ? (
        <input
          dir="auto"
          {...shared}
          className={fieldStyles.input}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <textarea
          dir="auto"
          {...shared}
          rows={rows}
          className={`${fieldStyles.textarea} ${styles.grow}`}
          // Growing boxes ignore rows, so keep that many lines as the resting height.
          style={{ minHeight: `calc(${rows} * 1.45em + 22px)` }}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {hint ? (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
