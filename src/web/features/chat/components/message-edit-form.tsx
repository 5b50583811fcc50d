import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_LIMITS } from '../../../../contracts/messages.js';
import { Button } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { describeError } from '../../../lib/api-client.js';
import styles from './message-edit-form.module.css';

/**
 * A message's text edited in place: Enter saves (Shift+Enter is a new line), Escape cancels. Focus starts in the
 * text with the caret at its end; a refusal is said under it and the text stays for another try.
 */
export function MessageEditForm({
  text,
  onSave,
  onCancel,
}: {
  text: string;
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(text);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const element = field.current;
    element?.focus();
    element?.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    const trimmed = draft.trim();
    if (trimmed === '') return setError('A message cannot be empty: delete it instead');
    if (trimmed === text) return onCancel();
    setSaving(true);
    try {
      await onSave(trimmed);
    } catch (failure) {
      setError(describeError(failure));
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void save(event)}>
      <textarea
        ref={field}
        className={styles.field}
        aria-label="Edit message"
        value={draft}
        maxLength={MESSAGE_LIMITS.textMax}
        rows={Math.min(6, Math.max(2, draft.split('\n').length))}
        dir="auto"
        onChange={(event) => {
          setDraft(event.target.value);
          setError('');
        }}
        onKeyDown={onKeyDown}
      />
      {error ? <InlineMessage kind="error">{error}</InlineMessage> : null}
      <div className={styles.buttons}>
        <Button variant="ghost" className={styles.button} onClick={onCancel}>
          Cancel
        </Button>
        {/* Not the primary style: in one's own bubble that is the bubble's own colour. */}
        <Button type="submit" variant="secondary" className={styles.button} busy={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
