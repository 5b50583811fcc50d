import { useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { ROOM_LIMITS, type ReplyMode } from '../../../../../contracts/rooms.js';
import { Button } from '../../../../components/ui/button.js';
import { InlineMessage } from '../../../../components/ui/inline-message.js';
import { useModal } from '../../../../components/ui/use-modal.js';
import { describeError } from '../../../../lib/api-client.js';
import { useCreateRoom } from '../api/create-room.js';
import { usePersonaSuggestions } from '../api/persona-suggestions.js';
import { ReplyModeField } from './reply-mode-field.js';
import { RoomNameField } from './room-name-field.js';
import { UsernameChips, useUsernameField } from './username-chips.js';
import { stopEscapeInDialog } from './stop-escape.js';
import styles from './room-forms.module.css';

const PEOPLE_MAX = ROOM_LIMITS.peopleMax - 1;

interface Invalid {
  name?: string;
  people?: string;
  personas?: string;
}

/** What is wrong with the form before it is sent; empty when nothing is. */
function check(name: string, people: readonly string[], personas: readonly string[]): Invalid {
  const invalid: Invalid = {};
  if (name.trim() === '') invalid.name = 'Give the room a name';
  else if (name.length > ROOM_LIMITS.nameMax) invalid.name = `At most ${ROOM_LIMITS.nameMax} characters`;
  if (people.length === 0) invalid.people = 'Add at least one person';
  else if (people.length > PEOPLE_MAX) invalid.people = `At most ${PEOPLE_MAX} people besides you`;
  if (personas.length > ROOM_LIMITS.personasMax)
    invalid.personas = `At most ${ROOM_LIMITS.personasMax} personas`;
  return invalid;
}

/**
 * "New room": its name, the people and personas in it, and who answers. A modal on the browser's <dialog>
 * (focus kept inside, Escape closes, focus back on "New room"); the server's refusals show in it, and
 * nothing typed is lost. On success the room opens.
 */
export function CreateRoomDialog({ onClose, onCreated }: { onClose: () => void; onCreated?: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const create = useCreateRoom();
  const [name, setName] = useState('');
  const people = useUsernameField();
  const personas = useUsernameField();
  const [replyMode, setReplyMode] = useState<ReplyMode>('one');
  const [invalid, setInvalid] = useState<Invalid>({});
  const suggestions = usePersonaSuggestions(personas.draft);
  const onEscape = useModal(ref, true, onClose, (dialog) => dialog.querySelector('input')?.focus());

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    // Names still in the boxes count: they become chips rather than being dropped.
    const allPeople = people.take();
    const allPersonas = personas.take();
    const found = check(name, allPeople, allPersonas);
    setInvalid(found);
    if (Object.keys(found).length > 0) {
      ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    create.mutate(
      { name: name.trim(), people: allPeople, personas: allPersonas, replyMode },
      {
        onSuccess: (room) => {
          onClose();
          onCreated?.();
          void navigate(`/chat/room/${encodeURIComponent(room._id)}`);
        },
      },
    );
  };

  return createPortal(
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={onEscape}
      onKeyDown={stopEscapeInDialog}
    >
      <form noValidate onSubmit={onSubmit} className={styles.form}>
        <h2 id={`${id}-title`} className={styles.title}>
          New room
        </h2>
        <p className={styles.intro}>
          A conversation with several people, and personas if you like. You own it.
        </p>
        <RoomNameField
          value={name}
          error={invalid.name}
          onChange={(value) => {
            setName(value);
            setInvalid(({ name: _fixed, ...rest }) => rest);
          }}
        />
        <UsernameChips
          label="People"
          hint={`Their usernames: at least 1, at most ${PEOPLE_MAX} besides you.`}
          {...people.props}
          max={PEOPLE_MAX}
          error={invalid.people}
        />
        <UsernameChips
          label="Personas"
          hint={`Up to ${ROOM_LIMITS.personasMax}: any public persona, or one of yours.`}
          {...personas.props}
          max={ROOM_LIMITS.personasMax}
          error={invalid.personas}
          suggestions={suggestions}
        />
        <ReplyModeField value={replyMode} onChange={setReplyMode} />
        {create.isError ? <InlineMessage kind="error">{describeError(create.error)}</InlineMessage> : null}
        <div className={styles.actions}>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending} disabled={create.isPending}>
            Create room
          </Button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
