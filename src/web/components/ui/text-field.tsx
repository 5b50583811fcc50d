import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './text-field.module.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** Help text under the field, announced with it. */
  hint?: ReactNode;
  /** Something inside the field's right edge, such as a show-password toggle. */
  trailing?: ReactNode;
};

/** A labelled input; every field in the app goes through here so labels are never forgotten. */
export function TextField({ label, hint, trailing, className, ...rest }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={id}
          className={[styles.input, trailing ? styles.withTrailing : ''].filter(Boolean).join(' ')}
          aria-describedby={hint ? hintId : undefined}
          {...rest}
        />
        {trailing ? <div className={styles.trailing}>{trailing}</div> : null}
      </div>
      {hint ? (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}
