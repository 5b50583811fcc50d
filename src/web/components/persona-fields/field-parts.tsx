import fieldStyles from '../ui/text-field.module.css';
import formStyles from '../ui/form.module.css';
import styles from './fields.module.css';

/** A persona field's label; required fields say so in words, not just with a mark. */
export function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean;
}) {
  return (
    <label className={fieldStyles.label} htmlFor={htmlFor}>
      {label}
      {required ? <span className={styles.required}> (required)</span> : null}
    </label>
  );
}

/** The field's error under it, with the id its control points aria-describedby at; nothing when valid. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className={formStyles.inlineError}>
      {error}
    </p>
  ) : null;
}
