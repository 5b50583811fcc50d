import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { CardDraft } from '../../../../contracts/personas.js';
import { describeError } from '../../../lib/api-client.js';
import { readAsDataUrl } from '../../../lib/read-file.js';
import { useParseCard } from '../../../lib/persona-api.js';
import formStyles from '../../../components/ui/form.module.css';
import styles from './create.module.css';

/** The server refuses bigger cards; saying so before uploading saves a long wait. */
export const CARD_MAX_BYTES = 5 * 1024 * 1024;
export const CARD_TOO_LARGE = 'The card file must be 5 MB or smaller';
export const CARD_ACCEPT = '.json,.png,application/json,image/png';

/**
 * "Import character card": a Character Card (PNG or JSON) is read as a data URL, parsed by the
 * server into a draft, and handed to the form; the server's notes say what had to change to fit.
 */
export function CardImport({ onDraft }: { onDraft: (draft: CardDraft) => void }) {
  const inputId = useId();
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const parse = useParseCard();
  const [localError, setLocalError] = useState<string | null>(null);
  const [imported, setImported] = useState<CardDraft | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be chosen again after fixing something.
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    setImported(null);
    parse.reset();
    if (file.size > CARD_MAX_BYTES) return setLocalError(CARD_TOO_LARGE);
    setLocalError(null);
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      return setLocalError('That file could not be read. Please try another card.');
    }
    parse.mutate(dataUrl, {
      onSuccess: (draft) => {
        setImported(draft);
        onDraft(draft);
      },
    });
  };

  const error = localError ?? (parse.isError ? describeError(parse.error) : null);
  return (
    <section className={styles.import} aria-labelledby={headingId}>
      <div className={styles.importText}>
        <h2 id={headingId} className={styles.importTitle}>
          Start from a character card
        </h2>
        <p className={styles.muted}>
          A V2 or V3 card as PNG or JSON. You can review every field before creating.
        </p>
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={CARD_ACCEPT}
        className={`visually-hidden ${formStyles.fileInput}`}
        disabled={parse.isPending}
        onChange={(event) => void onFile(event)}
      />
      <label htmlFor={inputId} className={styles.fileButton} aria-disabled={parse.isPending || undefined}>
        Import character card
      </label>
      {parse.isPending ? (
        <p role="status" className={styles.muted}>
          Reading the card…
        </p>
      ) : null}
      {error ? (
        <p role="alert" className={styles.importError}>
          {error}
        </p>
      ) : null}
      {imported ? (
        <div role="status" className={styles.notes}>
          <p className={styles.notesLead}>Imported “{imported.name}”. Check the fields below, then create.</p>
          {imported.notes.length > 0 ? (
            <>
              <p className={styles.notesTitle}>What changed to fit:</p>
              <ul className={styles.notesList}>
                {imported.notes.map((note, index) => (
                  <li key={index}>{note}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>Everything fit as it was.</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
