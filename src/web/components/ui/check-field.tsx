import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldHint } from './field-hint.js';
import styles from './check-field.module.css';

export type CheckFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: string;
  /** What the choice means, under the label and announced with it. */
  hint?: ReactNode;
};

/** A labelled on/off choice: a native checkbox, so keyboards and screen readers know it as one. */
export function CheckField({ label, hint, className, ...rest }: CheckFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <input
        id={id}
        type="checkbox"
        className={styles.box}
        aria-describedby={hint ? hintId : undefined}
        {...rest}
      />
      <div className={styles.text}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      </div>
    </div>
  );
}
