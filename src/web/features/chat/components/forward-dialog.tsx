import { useId, useRef, useState, type FormEvent } from 'react';
import type { Message } from '../../../../contracts/messages.js';
import { Button } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { TextField } from '../../../components/ui/text-field.js';
import { useModal } from '../../../components/ui/use-modal.js';
import { describeError } from '../../../lib/api-client.js';
import { useForwardMessage, type ForwardTarget } from '../api/forward-message.js';
import { useRooms } from '../rooms/api/get-rooms.js';
import { previewText } from './format.js';
import fieldStyles from '../../../components/ui/text-field.module.css';
import selectStyles from '../../../components/persona-fields/fields.module.css';
import styles from './forward-dialog.module.css';

interface ForwardDialogProps {
  /** The message to forward, with the username of whoever wrote it. */
  message: Message;
  author: string;
  onClose: () => void;
  /** Called with where the message went ('@bob', or a room's name) once it is sent. */
  onForwarded: (where: string) => void;
}

/**
 * "Forward to": a modal form on the browser's <dialog> (focus kept inside, the page inert, Escape closes,
 * focus back on the button that opened it). The username box has focus first; a person in rooms may pick
 * "A room" instead (radio buttons before it) and one of their rooms from a list. Errors stay in the dialog.
 */
export function ForwardDialog({ message, author, onClose, onForwarded }: ForwardDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [toRoom, setToRoom] = useState(false);
  const [username, setUsername] = useState('');
  const rooms = useRooms().data ?? [];
  const [roomId, setRoomId] = useState('');
  const room = rooms.find((listed) => listed._id === roomId) ?? rooms[0];
  const forward = useForwardMessage();

  // The username box is where the person starts typing; the room choice is one Shift+Tab away.
  const onEscape = useModal(ref, true, onClose, (dialog) =>
    dialog.querySelector<HTMLElement>('input[name="toUsername"]')?.focus(),
  );

  const person = username.trim().replace(/^@/, '');
  const target: ForwardTarget | null =
    toRoom && room
      ? { kind: 'room', roomId: room._id }
      : !toRoom && person
        ? { kind: 'person', username: person }
        : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target || forward.isPending) return;
    const where = target.kind === 'room' ? (room?.name ?? '') : `@${person.toLowerCase()}`;
    forward.mutate({ messageId: message._id, target }, { onSuccess: () => onForwarded(where) });
  };
  const choose = (room: boolean) => {
    forward.reset();
    setToRoom(room);
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
        {rooms.length > 0 ? (
          <fieldset className={styles.kinds}>
            <legend className="visually-hidden">Send it to</legend>
            <label className={styles.kind}>
              <input type="radio" name="kind" checked={!toRoom} onChange={() => choose(false)} />A person
            </label>
            <label className={styles.kind}>
              <input type="radio" name="kind" checked={toRoom} onChange={() => choose(true)} />A room
            </label>
          </fieldset>
        ) : null}
        {toRoom && room ? (
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-room`} className={fieldStyles.label}>
              Forward to
            </label>
            <select
              id={`${id}-room`}
              name="toRoom"
              className={`${fieldStyles.input} ${selectStyles.select}`}
              value={room._id}
              onChange={(event) => {
                forward.reset();
                setRoomId(event.target.value);
              }}
            >
              {rooms.map((listed) => (
                <option key={listed._id} value={listed._id}>
                  {listed.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
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
        )}
        {forward.isError ? <InlineMessage kind="error">{describeError(forward.error)}</InlineMessage> : null}
        <div className={styles.actions}>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={forward.isPending} disabled={forward.isPending || !target}>
            Forward
          </Button>
        </div>
      </form>
    </dialog>
  );
}
