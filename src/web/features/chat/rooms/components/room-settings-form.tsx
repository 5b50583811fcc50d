import { useState, type FormEvent } from 'react';
import {
  ROOM_LIMITS,
  type ReplyMode,
  type Room,
  type UpdateRoomRequest,
} from '../../../../../contracts/rooms.js';
import { Button } from '../../../../components/ui/button.js';
import { CheckField } from '../../../../components/ui/check-field.js';
import { InlineMessage } from '../../../../components/ui/inline-message.js';
import { TextField } from '../../../../components/ui/text-field.js';
import { describeError } from '../../../../lib/api-client.js';
import { useChangeRoom } from '../api/change-room.js';
import { ReplyModeField } from './reply-mode-field.js';
import { RoomNameField } from './room-name-field.js';
import panelStyles from './members-panel.module.css';
import styles from './room-forms.module.css';

/** What differs between the room and the draft, as PATCH sends it. */
function changes(
  room: Room,
  draft: Pick<Room, 'name' | 'replyMode' | 'personaTurns' | 'memoryOn'>,
): UpdateRoomRequest {
  const patch: UpdateRoomRequest = {};
  if (draft.name.trim() !== room.name) patch.name = draft.name.trim();
  if (draft.replyMode !== room.replyMode) patch.replyMode = draft.replyMode;
  if (draft.personaTurns !== room.personaTurns) patch.personaTurns = draft.personaTurns;
  if (draft.memoryOn !== room.memoryOn) patch.memoryOn = draft.memoryOn;
  return patch;
}

/**
 * The owner's settings: the name, who answers (and in free talk, how many persona turns one message may set
 * off), and whether personas remember things from the room. Saved together.
 */
export function RoomSettingsForm({ room }: { room: Room }) {
  const save = useChangeRoom(room._id);
  const [name, setName] = useState(room.name);
  const [replyMode, setReplyMode] = useState<ReplyMode>(room.replyMode);
  const [turns, setTurns] = useState(String(room.personaTurns));
  const [memoryOn, setMemoryOn] = useState(room.memoryOn);
  const turnsNumber = Number(turns);
  const turnsValid =
    Number.isInteger(turnsNumber) && turnsNumber >= 1 && turnsNumber <= ROOM_LIMITS.personaTurnsMax;
  const nameError = name.trim() === '' ? 'Give the room a name' : undefined;
  const patch = changes(room, {
    name,
    replyMode,
    personaTurns: turnsValid ? turnsNumber : room.personaTurns,
    memoryOn,
  });
  const changed = Object.keys(patch).length > 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!changed || nameError || !turnsValid || save.isPending) return;
    save.mutate({ kind: 'settings', patch });
  };

  return (
    <section aria-labelledby={`${room._id}-settings`}>
      <h3 id={`${room._id}-settings`} className={panelStyles.heading}>
        Room settings
      </h3>
      <form noValidate className={styles.form} onSubmit={onSubmit}>
        <RoomNameField
          value={name}
          error={nameError}
          onChange={(value) => {
            setName(value);
            save.reset();
          }}
        />
        <ReplyModeField
          value={replyMode}
          onChange={(mode) => {
            setReplyMode(mode);
            save.reset();
          }}
        />
        {replyMode === 'free' ? (
          <TextField
            label="Persona turns per message"
            type="number"
            inputMode="numeric"
            min={1}
            max={ROOM_LIMITS.personaTurnsMax}
            value={turns}
            hint={`How many times personas may speak after one message, 1 to ${ROOM_LIMITS.personaTurnsMax}.`}
            error={turnsValid ? undefined : `A whole number from 1 to ${ROOM_LIMITS.personaTurnsMax}`}
            onChange={(event) => {
              setTurns(event.target.value);
              save.reset();
            }}
          />
        ) : null}
        <CheckField
          label="Personas remember things from this room"
          hint="What they remember is kept for this room only, never shared with anyone's private chats."
          checked={memoryOn}
          onChange={(event) => {
            setMemoryOn(event.target.checked);
            save.reset();
          }}
        />
        {save.isError ? <InlineMessage kind="error">{describeError(save.error)}</InlineMessage> : null}
        {save.isSuccess && !changed ? <InlineMessage kind="success">Saved.</InlineMessage> : null}
        <div>
          <Button type="submit" busy={save.isPending} disabled={!changed || save.isPending}>
            Save settings
          </Button>
        </div>
      </form>
    </section>
  );
}
