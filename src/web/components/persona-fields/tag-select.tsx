import { useId } from 'react';
import { CATEGORY_TAGS, type CategoryTag } from '../../../contracts/rules.js';
import fieldStyles from '../ui/text-field.module.css';
import { FieldError, FieldLabel } from './field-parts.js';
import styles from './fields.module.css';

interface TagSelectProps {
  label: string;
  value: CategoryTag | '';
  onChange: (tag: CategoryTag | '') => void;
  error?: string;
  required?: boolean;
}

/** The category selector: the 14 tags of SPEC §3, with an empty "choose" entry until one is picked. */
export function TagSelect({ label, value, onChange, error, required }: TagSelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={fieldStyles.field}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <select
        id={id}
        name="tag"
        className={`${fieldStyles.input} ${styles.select}`}
        value={value}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          const next = CATEGORY_TAGS.find((tag) => tag === event.target.value);
          onChange(next ?? '');
        }}
      >
        <option value="">Choose a category</option>
        {CATEGORY_TAGS.map((tag) => (
          <option key={tag} value={tag}>
            {tag}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
