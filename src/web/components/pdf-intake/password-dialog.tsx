import { useId, useRef, useState, type FormEvent } from 'react';
import type { PasswordRequest } from '../../lib/pdf/pdf-password.js';
import { Button } from '../ui/button.js';
import dialogStyles from '../ui/confirm-dialog.module.css';
import { PasswordField } from '../ui/password-field.js';
import { useModal } from '../ui/use-modal.js';

interface PasswordDialogProps {
  /** The file whose password is asked for; null keeps the dialog closed. */
  request: PasswordRequest | null;
  onSubmit: (password: string) => void;
  onSkip: () => void;
}

/**
 * Asks for a protected PDF's password (modal, on the browser's <dialog>). Skipping leaves the file out,
 * and the file list says so. The password is never stored: it is used to open the file and forgotten.
 */
export function PasswordDialog({ request, onSubmit, onSkip }: PasswordDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');
  const onEscape = useModal(ref, request !== null, onSkip, (dialog) => {
    setPassword('');
    dialog.querySelector('input')?.focus();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };

  return (
    <dialog ref={ref} className={dialogStyles.dialog} aria-labelledby={`${id}-title`} onCancel={onEscape}>
      {request ? (
        <form onSubmit={submit} noValidate>
          <h2 id={`${id}-title`} className={dialogStyles.title}>
            “{request.name}” is password-protected
          </h2>
          <PasswordField
            label="PDF password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="off"
            error={request.incorrect ? 'That password is not right. Try again.' : undefined}
            hint="Enter the password to read this file, or skip it."
          />
          <div className={dialogStyles.actions}>
            <Button variant="secondary" onClick={onSkip}>
              Skip this file
            </Button>
            <Button type="submit" disabled={!password}>
              Open
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
