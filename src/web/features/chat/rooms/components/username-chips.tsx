import { useId, useState, type KeyboardEvent } from 'react';
import { normalizeUsername } from '../../../../../contracts/rules.js';
import { Button, IconButton } from '../../../../components/ui/button.js';
import { CloseIcon } from '../../../../components/ui/icons.js';
import fieldStyles from '../../../../components/ui/text-field.module.css';
import formStyles from '../../../../components/ui/form.module.css';
import styles from './room-forms.module.css';

/** A typed username as the server reads it: trimmed, lowercase, without a leading @. */
export function cleanUsername(raw: string): string {
  return normalizeUsername(raw).replace(/^@/, '');
}

/** The names with whatever is still typed in the box added, so nothing typed is lost on submit. */
export function withDraft(names: readonly string[], draft: string): string[] {
  const typed = draft
    .split(/[\s,]+/)
    .map(cleanUsername)
    .filter(Boolean);
  return [...new Set([...names, ...typed])];
}

/**
 * The state of one usernames field: the chips and what is typed. `take` adds what is typed as chips (so nothing
 * typed is lost when the form is sent) and returns them all; `props` go to UsernameChips.
 */
export function useUsernameField() {
  const [names, setNames] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  return {
    draft,
    take(): string[] {
      const all = withDraft(names, draft);
      setNames(all);
      setDraft('');
      return all;
    },
    clear: () => setNames([]),
    props: { names, onNames: setNames, draft, onDraft: setDraft },
  };
}

export interface UsernameChipsProps {
  /** The field's label ("People"). */
  label: string;
  hint: string;
  names: readonly string[];
  onNames: (names: string[]) => void;
  /** What is typed in the box and not added yet. */
  draft: string;
  onDraft: (draft: string) => void;
  max: number;
  error?: string;
  /** Usernames offered as the person types (a persona directory's). */
  suggestions?: readonly { username: string; name: string }[];
}

/**
 * Usernames as removable chips: type one and press Enter (or a comma or space, or Add) to add it. The box is a
 * plain labelled text field, and each chip's remove button names whom it removes.
 */
export function UsernameChips({
  label,
  hint,
  names,
  onNames,
  draft,
  onDraft,
  max,
  error,
  suggestions = [],
}: UsernameChipsProps) {
  const id = useId();
  const full = names.length >= max;
  const add = () => {
    const next = withDraft(names, draft);
    if (next.length > names.length) onNames(next.slice(0, max));
    onDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || event.key === ' ') {
      // Enter adds the name instead of sending the whole form.
      if (draft.trim() === '') return;
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && names.length > 0) {
      onNames(names.slice(0, -1));
    }
  };
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={fieldStyles.field}>
      <div className={styles.labelRow}>
        <label className={fieldStyles.label} htmlFor={id}>
          {label}
        </label>
        <span className={formStyles.counter}>
          {names.length}/{max}
        </span>
      </div>
      {names.length > 0 ? (
        <ul className={styles.chips} aria-label={`${label} added`}>
          {names.map((name) => (
            <li key={name} className={styles.chip}>
              <span dir="auto">@{name}</span>
              <IconButton
                size="sm"
                aria-label={`Remove @${name}`}
                className={styles.chipRemove}
                onClick={() => onNames(names.filter((other) => other !== name))}
              >
                <CloseIcon size={14} />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.addRow}>
        <input
          id={id}
          className={fieldStyles.input}
          value={draft}
          placeholder={full ? 'That is the most it can hold' : 'username'}
          disabled={full}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          list={suggestions.length > 0 ? `${id}-suggestions` : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" disabled={full || draft.trim() === ''} onClick={add}>
          Add<span className="visually-hidden"> to {label.toLowerCase()}</span>
        </Button>
      </div>
      {suggestions.length > 0 ? (
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((entry) => (
            <option key={entry.username} value={entry.username}>
              {entry.name}
            </option>
          ))}
        </datalist>
      ) : null}
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className={formStyles.inlineError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
