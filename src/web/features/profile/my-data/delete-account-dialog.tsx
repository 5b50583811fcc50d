import { useId, useRef, useState, type FormEvent } from 'react';
import { DeleteAccountResponse, USERNAME_HOLD_DAYS } from '../../../../contracts/my-data.js';
import { Button } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { PasswordField } from '../../../components/ui/password-field.js';
import { useModal } from '../../../components/ui/use-modal.js';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { describeError } from '../../../lib/api-client.js';
import { logOut } from '../../../lib/session-store.js';
import styles from './your-data.module.css';

/** What the log-in page says to the tab whose account was just deleted (the sign-in guard takes it there). */
export const ACCOUNT_DELETED_NOTICE = 'Your account was deleted. Thank you for the time you spent here.';

/** What deleting takes and what it leaves, said before the password is asked. */
export const DELETION_EXPLAINED = [
  'Your profile, your personas (with their prompts and memory), your saved notes and prompts, what personas remember of you, your Charioteer discussions and your pictures are removed, and you are signed out everywhere.',
  `Messages you already sent to people stay in their conversations, shown as from “deleted account”. Your username stays taken for ${USERNAME_HOLD_DAYS} days, then anyone may choose it.`,
  'This cannot be undone. Download your data first if you want to keep it.',
];

/** DELETE /api/users/me: asks for the password; on success the tab forgets the person and goes to log in. */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');
  const deletion = useApiMutation<string, DeleteAccountResponse>({
    method: 'DELETE',
    path: '/api/users/me',
    body: (value) => ({ password: value }),
    schema: DeleteAccountResponse,
    onSuccess: () => logOut(ACCOUNT_DELETED_NOTICE),
  });
  const onEscape = useModal(ref, true, onClose, (dialog) => dialog.querySelector('input')?.focus());

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!deletion.isPending) deletion.mutate(password);
  };

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={onEscape}
    >
      <form className={styles.dialogForm} onSubmit={onSubmit}>
        <h2 id={`${id}-title`} className={styles.dialogTitle}>
          Delete your account?
        </h2>
        <div id={`${id}-body`} className={styles.explained}>
          {DELETION_EXPLAINED.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <PasswordField
          label="Your password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            deletion.reset();
            setPassword(event.target.value);
          }}
        />
        {deletion.isError ? (
          <InlineMessage kind="error">{describeError(deletion.error)}</InlineMessage>
        ) : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            Keep my account
          </Button>
          <Button
            type="submit"
            className={styles.danger}
            busy={deletion.isPending}
            disabled={password === '' || deletion.isPending}
          >
            Delete my account
          </Button>
        </div>
      </form>
    </dialog>
  );
}
