import { useId } from 'react';
import type { PersonaRating } from '../../../contracts/users.js';
import { FieldHint } from '../ui/field-hint.js';
import fieldStyles from '../ui/text-field.module.css';
import { FieldError } from './field-parts.js';
import styles from './fields.module.css';

export const RATING_HINT = 'Mature personas are shown only to people who chose to see them in their profile.';
const CHOICES: Array<{ value: PersonaRating; label: string }> = [
  { value: 'general', label: 'General' },
  { value: 'mature', label: 'Mature' },
];

/** A persona's content rating: two radios; '' (nothing chosen yet) for an imported card that did not say. */
export function RatingField({
  value,
  onChange,
  error,
}: {
  value: PersonaRating | '';
  onChange: (rating: PersonaRating) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className={`${fieldStyles.field} ${styles.ratings}`}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
    >
      <legend className={fieldStyles.label}>Content rating</legend>
      <div className={styles.ratingChoices}>
        {CHOICES.map((choice) => (
          <label key={choice.value} className={styles.ratingChoice}>
            <input
              type="radio"
              name={`${id}-rating`}
              value={choice.value}
              checked={value === choice.value}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldHint id={`${id}-hint`}>{RATING_HINT}</FieldHint>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
