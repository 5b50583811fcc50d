import type { FormEvent } from 'react';
import { ROOM_LIMITS, type Room } from '../../../../../contracts/rooms.js';
import { Button } from '../../../../components/ui/button.js';
import { InlineMessage } from '../../../../components/ui/inline-message.js';
import { describeError } from '../../../../lib/api-client.js';
import { useChangeRoom } from '../api/change-room.js';
import { usePersonaSuggestions } from '../api/persona-suggestions.js';
import { UsernameChips, useUsernameField } from './username-chips.js';
import panelStyles from './members-panel.module.css';
import styles from './room-forms.module.css';

/** The owner adds people and personas by username; the room's limits bound how many fit. */
export function AddMembersForm({ room }: { room: Room }) {
  const add = useChangeRoom(room._id);
  const people = useUsernameField();
  const personas = useUsernameField();
  const suggestions = usePersonaSuggestions(personas.draft);
  const peopleIn = room.members.filter((member) => !member.isAi).length;
  const personasIn = room.members.length - peopleIn;
  const peopleRoom = Math.max(0, Math.min(ROOM_LIMITS.inviteMax, ROOM_LIMITS.peopleMax - peopleIn));
  const personaRoom = Math.max(0, ROOM_LIMITS.personasMax - personasIn);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const allPeople = people.take();
    const allPersonas = personas.take();
    if (allPeople.length + allPersonas.length === 0 || add.isPending) return;
    add.mutate(
      { kind: 'add', people: allPeople, personas: allPersonas },
      {
        onSuccess: () => {
          people.clear();
          personas.clear();
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${room._id}-add`}>
      <h3 id={`${room._id}-add`} className={panelStyles.heading}>
        Add to the room
      </h3>
      <form noValidate className={styles.form} onSubmit={onSubmit}>
        <UsernameChips
          label="People"
          hint={peopleRoom > 0 ? `Room for ${peopleRoom} more.` : 'The room is full.'}
          {...people.props}
          max={peopleRoom}
        />
        <UsernameChips
          label="Personas"
          hint={
            personaRoom > 0
              ? `Room for ${personaRoom} more.`
              : `A room holds ${ROOM_LIMITS.personasMax} personas.`
          }
          {...personas.props}
          max={personaRoom}
          suggestions={suggestions}
        />
        {add.isError ? <InlineMessage kind="error">{describeError(add.error)}</InlineMessage> : null}
        {add.isSuccess ? <InlineMessage kind="success">Added.</InlineMessage> : null}
        <div>
          <Button type="submit" variant="secondary" busy={add.isPending} disabled={add.isPending}>
            Add to room
          </Button>
        </div>
      </form>
    </section>
  );
}
