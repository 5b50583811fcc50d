import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { MEMORY_LIMITS, type MemoryItem } from '../../../../contracts/memory.js';
import { Button } from '../../../components/ui/button.js';
import { CheckField } from '../../../components/ui/check-field.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { TextField } from '../../../components/ui/text-field.js';
import { useModal } from '../../../components/ui/use-modal.js';
import { describeError } from '../../../lib/api-client.js';
import { dmMemory, useChangeMemory, useConversationMemory, type MemoryPlace } from '../api/memory.js';
import styles from './memory-dialog.module.css';

interface MemoryDialogProps {
  /** Whose memory: a DM's persona of its person (dmMemory), or a persona of a room (roomMemory). */
  place: MemoryPlace;
  username: string;
  onClose: () => void;
}

/** What the dialog says, for a DM (the person's own list) or a room (the members' shared list). */
function wording(place: MemoryPlace, username: string) {
  if (!place.room) {
    return {
      title: `What @${username} remembers`,
      empty: `Nothing yet. @${username} remembers what matters about you as you chat.`,
      example: 'e.g. I prefer short answers',
    };
  }
  return {
    title: `What @${username} remembers of this room`,
    empty: `Nothing yet. @${username} remembers what matters here as the room talks.`,
    example: 'e.g. We hike on Sundays',
  };
}

/** A room's memory switch is its owner's room setting: the dialog says where it stands and who changes it. */
function roomMemoryState(enabled: boolean, owner: boolean, username: string): string {
  const state = enabled
    ? `Memory is on in this room: @${username} uses and adds to what is listed here.`
    : `Memory is off in this room: @${username} neither uses nor adds to what is listed here.`;
  const who = owner ? 'You can switch it in the room’s settings.' : 'The room’s owner can switch it.';
  return `${state} ${who} Everyone in the room sees and can change this list.`;
}

function MemoryRow({
  item,
  busy,
  onSave,
  onDelete,
}: {
  item: MemoryItem;
  busy: boolean;
  onSave: (text: string) => void;
  onDelete: () => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const textId = useId();
  const editId = `${textId}-edit`;
  const wasEditing = useRef(false);
  // Saved or cancelled: the keyboard goes back to the row's Edit button, not to the page.
  useEffect(() => {
    if (draft !== null) wasEditing.current = true;
    else if (wasEditing.current) {
      wasEditing.current = false;
      document.getElementById(editId)?.focus();
    }
  }, [draft, editId]);
  if (draft !== null) {
    return (
      <li className={styles.item}>
        <form
          className={styles.editForm}
          onKeyDown={(event) => {
            // Escape cancels the edit, not the whole dialog.
            if (event.key !== 'Escape') return;
            event.preventDefault();
            event.stopPropagation();
            setDraft(null);
          }}
          onSubmit={(event) => {
            event.preventDefault();
            if (!draft.trim()) return;
            onSave(draft);
            setDraft(null);
          }}
        >
          <TextField
            label="Edit memory"
            value={draft}
            maxLength={MEMORY_LIMITS.itemChars}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
          />
          <div className={styles.rowActions}>
            <Button type="button" variant="ghost" onClick={() => setDraft(null)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || !draft.trim()}>
              Save
            </Button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className={styles.item}>
      <p id={textId} className={styles.text} dir="auto">
        {item.text}
      </p>
      <div className={styles.rowActions}>
        <Button
          id={editId}
          variant="ghost"
          aria-describedby={textId}
          disabled={busy}
          onClick={() => setDraft(item.text)}
        >
          Edit
        </Button>
        <Button variant="ghost" aria-describedby={textId} disabled={busy} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/**
 * "What @name remembers": the facts a persona keeps about the person in a DM, which they can edit, delete, add
 * to, or switch off; or of a room, which its members share. A modal on the browser's <dialog> (focus kept
 * inside, Escape closes, focus back on the button that opened it).
 */
export function MemoryDialog({ place, username, onClose }: MemoryDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const memory = useConversationMemory(place, true);
  const change = useChangeMemory(place);
  const words = wording(place, username);
  const [newFact, setNewFact] = useState('');

  const listRef = useRef<HTMLUListElement>(null);
  // The title first: it says whose memory this is, whatever has loaded yet.
  const onEscape = useModal(ref, true, onClose, (dialog) => dialog.querySelector<HTMLElement>('h2')?.focus());
  const afterDelete = () =>
    (listRef.current ?? ref.current?.querySelector<HTMLElement>('input[name="memory"]'))?.focus();

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!newFact.trim()) return;
    change.mutate({ kind: 'add', text: newFact }, { onSuccess: () => setNewFact('') });
  };
  const items = memory.data?.items ?? [];
  const enabled = memory.data?.enabled ?? true;

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={`${id}-title`} onCancel={onEscape}>
      <h2 id={`${id}-title`} className={styles.title} tabIndex={-1}>
        {words.title}
      </h2>
      {memory.isPending ? <p className={styles.note}>Loading…</p> : null}
      {memory.isError ? <InlineMessage kind="error">{describeError(memory.error)}</InlineMessage> : null}
      {memory.data ? (
        <>
          {place.room ? (
            <p className={styles.note}>{roomMemoryState(enabled, place.room.owner, username)}</p>
          ) : (
            <CheckField
              label="Remember things from this chat"
              checked={enabled}
              disabled={change.isPending}
              hint={`When this is off, @${username} neither uses nor adds to what is listed here. Only you see this list.`}
              onChange={(e) => change.mutate({ kind: 'switch', enabled: e.target.checked })}
            />
          )}
          {items.length ? (
            <ul ref={listRef} className={styles.list} aria-label={`Memories of @${username}`} tabIndex={-1}>
              {items.map((item) => (
                <MemoryRow
                  key={item._id}
                  item={item}
                  busy={change.isPending}
                  onSave={(text) => change.mutate({ kind: 'edit', itemId: item._id, text })}
                  onDelete={() =>
                    change.mutate({ kind: 'remove', itemId: item._id }, { onSuccess: afterDelete })
                  }
                />
              ))}
            </ul>
          ) : (
            <p className={styles.note}>{words.empty}</p>
          )}
          <form className={styles.addForm} onSubmit={add}>
            <TextField
              label="Add a memory"
              name="memory"
              value={newFact}
              maxLength={MEMORY_LIMITS.itemChars}
              placeholder={words.example}
              onChange={(e) => {
                change.reset();
                setNewFact(e.target.value);
              }}
            />
            <Button type="submit" variant="secondary" disabled={change.isPending || !newFact.trim()}>
              Add
            </Button>
          </form>
        </>
      ) : null}
      {change.isError ? <InlineMessage kind="error">{describeError(change.error)}</InlineMessage> : null}
      <div className={styles.actions}>
        <Button onClick={onClose}>Done</Button>
      </div>
    </dialog>
  );
}

/** The composer's "memory" button of a persona conversation, and its dialog. */
export function MemoryButton({ conversationId, username }: { conversationId: string; username: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.open}
        aria-haspopup="dialog"
        aria-label={`memory, what @${username} remembers`}
        onClick={() => setOpen(true)}
      >
        memory
      </button>
      {/* In the page's body, not in the composer's form: a form inside a form would submit the outer one. */}
      {open
        ? createPortal(
            <MemoryDialog
              place={dmMemory(conversationId)}
              username={username}
              onClose={() => setOpen(false)}
            />,
            document.body,
          )
        : null}
    </>
  );
}
