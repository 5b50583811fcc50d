import { useId, type ChangeEvent } from 'react';
import { LIMITS } from '../../../contracts/rules.js';
import { CharCounter } from '../../components/ui/char-counter.js';
import fieldStyles from '../../components/ui/text-field.module.css';
import formStyles from '../../components/ui/form.module.css';

/** Bio textarea with a live "n/105" counter; the limit (SPEC §5) is enforced as people type or paste. */
export function BioField({ value, onChange }: { value: string; onChange: (bio: string) => void }) {
  const id = useId();
  const counterId = `${id}-count`;
  const max = LIMITS.profileBioMax;
  const handle = (event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value.slice(0, max));
  return (
    <div className={fieldStyles.field}>
      <div className={formStyles.labelRow}>
        <label className={fieldStyles.label} htmlFor={id}>
          Bio
        </label>
        <CharCounter id={counterId} count={value.length} max={max} />
      </div>
      <textarea
        dir="auto"
        id={id}
        name="bio"
        className={fieldStyles.textarea}
        value={value}
        maxLength={max}
        rows={3}
        aria-describedby={counterId}
        placeholder="A line or two about you"
        onChange={handle}
      />
    </div>
  );
}
