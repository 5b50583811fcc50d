import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import formStyles from './form.module.css';
import { FieldHint } from './field-hint.js';
import styles from './text-field.module.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** Help text under the field, announced with it. */
  hint?: ReactNode;
  /** What is wrong with the value: shown under the field, announced with it, and marks it invalid. */
  error?: string;
  /** Something inside the field's right edge, such as a show-password toggle. */
  trailing?: ReactNode;
};

/** A labelled input; every field in the app goes through here so labels are never forgotten. */
export function TextField({ label, hint, error, trailing, className, ...rest }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          dir="auto"
          id={id}
          className={[styles.input, trailing ? styles.withTrailing : ''].filter(Boolean).join(' ')}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          {...rest}
        />
        {trailing ? <div className={styles.trailing}>{trailing}</div> : null}
      </div>
      {error ? (
        <p id={errorId} className={formStyles.inlineError}>
          {error}
        </p>
      ) : null}
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
    </div>
  );
}
