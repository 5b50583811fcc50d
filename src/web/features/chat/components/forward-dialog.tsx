import { useId, useRef, useState, type FormEvent } from 'react';
import type { Message } from '../../../../contracts/messages.js';
import { Button } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { TextField } from '../../../components/ui/text-field.js';
import { useModal } from '../../../components/ui/use-modal.js';
import { describeError } from '../../../lib/api-client.js';
import { useForwardMessage } from '../api/forward-message.js';
import { previewText } from './format.js';
import styles from './forward-dialog.module.css';

interface ForwardDialogProps {
  /** The message to forward, with the username of whoever wrote it. */
  message: Message;
  author: string;
  onClose: () => void;
  /** Called with the recipient's username once the message is sent. */
  onForwarded: (username: string) => void;
}

/**
 * "Forward to": a modal form on the browser's <dialog> (focus kept inside, the page inert, Escape closes,
 * focus back on the button that opened it). The username box has focus first; errors stay in the dialog.
 */
export function ForwardDialog({ message, author, onClose, onForwarded }: ForwardDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [username, setUsername] = useState('');
  const forward = useForwardMessage();

  // The one field is where the person starts typing.
  const onEscape = useModal(ref, true, onClose, (dialog) => dialog.querySelector('input')?.focus());

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = username.trim().replace(/^@/, '');
    if (!to || forward.isPending) return;
    forward.mutate(
      { messageId: message._id, toUsername: to },
      { onSuccess: () => onForwarded(to.toLowerCase()) },
    );
  };

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={`${id}-title`} onCancel={onEscape}>
      <form onSubmit={onSubmit} className={styles.form}>
        <h2 id={`${id}-title`} className={styles.title}>
          Forward message
        </h2>
        <blockquote className={styles.quote}>
          <p className={styles.quoteAuthor}>@{message.forwardedFrom ?? author}</p>
          <p className={styles.quoteText} dir="auto">
            {previewText(message.text)}
          </p>
        </blockquote>
        <TextField
          label="Forward to"
          name="toUsername"
          placeholder="username"
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          required
          value={username}
          onChange={(e) => {
            forward.reset();
            setUsername(e.target.value);
          }}
        />
        {forward.isError ? <InlineMessage kind="error">{describeError(forward.error)}</InlineMessage> : null}
        <div className={styles.actions}>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={forward.isPending} disabled={forward.isPending || !username.trim()}>
            Forward
          </Button>
        </div>
      </form>
    </dialog>
  );
}
