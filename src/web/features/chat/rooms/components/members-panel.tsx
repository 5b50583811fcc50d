import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Room, RoomMember } from '../../../../../contracts/rooms.js';
import { Button } from '../../../../components/ui/button.js';
import { CheckField } from '../../../../components/ui/check-field.js';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.js';
import { Drawer } from '../../../../components/ui/drawer.js';
import { InlineMessage } from '../../../../components/ui/inline-message.js';
import { describeError } from '../../../../lib/api-client.js';
import { roomMemory } from '../../api/memory.js';
import { MemoryDialog } from '../../components/memory-dialog.js';
import { useChangeRoom, type RoomChange } from '../api/change-room.js';
import { AddMembersForm } from './add-members-form.js';
import { MemberRow } from './member-row.js';
import { RoomSettingsForm } from './room-settings-form.js';
import { stopEscapeInDialog } from './stop-escape.js';
import styles from './members-panel.module.css';

interface MembersPanelProps {
  room: Room;
  me: string;
  open: boolean;
  onClose: () => void;
}

/** A change that asks first, with its question. */
interface Pending {
  change: RoomChange;
  title: string;
  body: string;
  confirm: string;
}

/**
 * The room's members with presence, owner and benched marks; the owner manages them and the room's settings
 * here, everyone can open what each persona remembers of the room, mute or leave. A drawer from the right.
 */
export function MembersPanel({ room, me, open, onClose }: MembersPanelProps) {
  const navigate = useNavigate();
  const change = useChangeRoom(room._id);
  const [pending, setPending] = useState<Pending | null>(null);
  const [memoryOf, setMemoryOf] = useState<RoomMember | null>(null);
  const owner = room.ownerId === me && !room.left;
  const people = room.members.filter((member) => !member.isAi);
  const personas = room.members.filter((member) => member.isAi);

  // A refusal shows where it was asked for: leaving and muting at the end, the rest at the top.
  const failure = change.isError ? (
    <InlineMessage kind="error">{describeError(change.error)}</InlineMessage>
  ) : null;
  const failedHere = change.variables?.kind === 'leave' || change.variables?.kind === 'mute';
  const run = (next: RoomChange) =>
    change.mutate(next, {
      onSuccess: () => {
        if (next.kind === 'leave') void navigate('/chat');
      },
    });
  const ask = (next: Pending) => {
    change.reset();
    setPending(next);
  };
  const actionsFor = (member: RoomMember) => {
    if (!owner || member._id === me) return undefined;
    const who = `@${member.username}`;
    return {
      busy: change.isPending,
      onRemove: () =>
        ask({
          change: { kind: 'remove', memberId: member._id },
          title: `Remove ${who} from ${room.name}?`,
          body: member.isAi
            ? `${who} stops taking part; you can add it again later.`
            : `${who} can no longer read or write here, from now on.`,
          confirm: 'Remove',
        }),
      onOwner: member.isAi
        ? undefined
        : () =>
            ask({
              change: { kind: 'owner', memberId: member._id },
              title: `Make ${who} the owner?`,
              body: `${who} will manage the room and its members instead of you.`,
              confirm: 'Make owner',
            }),
      onBench: member.isAi
        ? (benched: boolean) => run({ kind: 'bench', personaId: member._id, benched })
        : undefined,
    };
  };

  return (
    <Drawer open={open} side="right" title="Members" onClose={onClose}>
      {/* Escape in a question closes the question, not the panel. */}
      <div className={styles.panel} onKeyDown={stopEscapeInDialog}>
        {failure && !failedHere ? failure : null}
        <section aria-labelledby={`${room._id}-people`}>
          <h3 id={`${room._id}-people`} className={styles.heading}>
            People · {people.length}
          </h3>
          <ul className={styles.members}>
            {people.map((member) => (
              <MemberRow
                key={member._id}
                member={member}
                isOwner={member._id === room.ownerId}
                isMe={member._id === me}
                actions={actionsFor(member)}
              />
            ))}
          </ul>
        </section>
        <section aria-labelledby={`${room._id}-personas`}>
          <h3 id={`${room._id}-personas`} className={styles.heading}>
            Personas · {personas.length}
          </h3>
          {personas.length === 0 ? <p className={styles.none}>No personas in this room.</p> : null}
          <ul className={styles.members}>
            {personas.map((member) => (
              <MemberRow
                key={member._id}
                member={member}
                isOwner={false}
                isMe={false}
                actions={actionsFor(member)}
                onMemory={room.left || member.deleted ? undefined : () => setMemoryOf(member)}
              />
            ))}
          </ul>
        </section>
        {owner ? (
          <>
            <AddMembersForm room={room} />
            <RoomSettingsForm room={room} />
          </>
        ) : null}
        {room.left ? null : (
          <section aria-labelledby={`${room._id}-you`} className={styles.yours}>
            <h3 id={`${room._id}-you`} className={styles.heading}>
              You here
            </h3>
            <CheckField
              label="Mute this room"
              hint="Its messages still arrive and count as unread, without a badge."
              checked={room.muted}
              disabled={change.isPending}
              onChange={(event) => run({ kind: 'mute', muted: event.target.checked })}
            />
            <div>
              <Button
                variant="secondary"
                className={styles.leave}
                onClick={() =>
                  ask({
                    change: { kind: 'leave', me },
                    title: `Leave ${room.name}?`,
                    body:
                      room.ownerId === me
                        ? 'You own this room: hand it over to another person first (Make owner), then leave.'
                        : 'You will no longer see its new messages. Someone in it can add you again.',
                    confirm: 'Leave room',
                  })
                }
              >
                Leave room
              </Button>
            </div>
            {failure && failedHere ? failure : null}
          </section>
        )}
        <ConfirmDialog
          open={pending !== null}
          title={pending?.title ?? ''}
          confirmLabel={pending?.confirm ?? ''}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            if (pending) run(pending.change);
            setPending(null);
          }}
        >
          {pending?.body}
        </ConfirmDialog>
        {memoryOf ? (
          <MemoryDialog
            place={roomMemory(room._id, memoryOf._id, owner)}
            username={memoryOf.username}
            onClose={() => setMemoryOf(null)}
          />
        ) : null}
      </div>
    </Drawer>
  );
}
