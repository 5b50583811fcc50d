import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button.js';
import { PlusIcon } from '../../../components/ui/icons.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { describeError } from '../../../lib/api-client.js';
import { otherParty } from '../api/conversation-cache.js';
import { useConversations } from '../api/get-conversations.js';
import { useRooms } from '../rooms/api/get-rooms.js';
import { CreateRoomDialog } from '../rooms/components/create-room-dialog.js';
import { RoomItem } from '../rooms/components/room-item.js';
import { ContactItem } from './contact-item.js';
import { mergeInbox, type InboxEntry } from './inbox-entries.js';
import styles from './contacts.module.css';

interface ContactsPanelProps {
  /** The username whose conversation is open, to mark it current. */
  activeUsername: string;
  /** The room that is open, to mark it current. */
  activeRoomId?: string;
  onPick?: () => void;
}

/** Keys that move through the list, to the entry they reach from `at` of `count`. */
function step(key: string, at: number, count: number): number | null {
  if (key === 'ArrowDown') return Math.min(at + 1, count - 1);
  if (key === 'ArrowUp') return Math.max(at - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The inbox (SPEC §2): direct conversations and rooms, newest first; mock conversations never appear here,
 * and "New room" starts a room. The list is a single tab stop (the open entry, else the first): arrows, Home
 * and End move between entries, so Tab passes the whole list in one press on the way to the conversation.
 */
export function ContactsPanel({ activeUsername, activeRoomId, onPick }: ContactsPanelProps) {
  const [creating, setCreating] = useState(false);
  return (
    <div className={styles.panel}>
      <div className={styles.panelActions}>
        <Button variant="secondary" className={styles.newRoom} onClick={() => setCreating(true)}>
          <PlusIcon size={18} />
          New room
        </Button>
      </div>
      <Inbox activeUsername={activeUsername} activeRoomId={activeRoomId} onPick={onPick} />
      {creating ? <CreateRoomDialog onClose={() => setCreating(false)} onCreated={onPick} /> : null}
    </div>
  );
}

function Inbox({ activeUsername, activeRoomId, onPick }: ContactsPanelProps) {
  const conversations = useConversations();
  const rooms = useRooms();
  const [focused, setFocused] = useState<string | null>(null);
  if (conversations.isPending) {
    return (
      <div role="status" className={styles.skeletons}>
        {[0, 1, 2].map((row) => (
          <div key={row} className={styles.skeleton} aria-hidden="true" />
        ))}
        <span className="visually-hidden">Loading contacts…</span>
      </div>
    );
  }
  if (conversations.isError) {
    return (
      <div className={styles.notice}>
        <InlineMessage kind="error">{describeError(conversations.error)}</InlineMessage>
        <Button variant="secondary" onClick={() => void conversations.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  // Rooms that could not be read leave the conversations on screen, with a way to ask again.
  const roomsFailure = rooms.isError ? (
    <div className={styles.notice}>
      <InlineMessage kind="error">Could not load your rooms: {describeError(rooms.error)}</InlineMessage>
      <Button variant="secondary" onClick={() => void rooms.refetch()}>
        Try again
      </Button>
    </div>
  ) : null;
  const list = mergeInbox(conversations.data, rooms.data ?? []);
  if (list.length === 0) {
    return (
      <>
        <p className={styles.empty}>
          No conversations yet. Search a username to start one, or start a room with several people.
        </p>
        {roomsFailure}
      </>
    );
  }
  const isActive = (entry: InboxEntry) =>
    entry.kind === 'room'
      ? entry._id === activeRoomId
      : activeRoomId === undefined && otherParty(entry.conversation)?.username === activeUsername;
  const ids = list.map((entry) => entry._id);
  const activeId = list.find(isActive)?._id;
  const current = (focused !== null && ids.includes(focused) ? focused : activeId) ?? ids[0];
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const at = ids.indexOf(current ?? '');
    const next = step(event.key, at, ids.length);
    if (next === null || at < 0) return;
    event.preventDefault();
    event.currentTarget.querySelectorAll<HTMLAnchorElement>('a')[next]?.focus();
  };
  return (
    <>
      <ul className={styles.list} aria-label="Conversations" onKeyDown={onKeyDown}>
        {list.map((entry) => (
          <li key={entry._id} onFocus={() => setFocused(entry._id)}>
            {entry.kind === 'room' ? (
              <RoomItem
                room={entry.room}
                active={isActive(entry)}
                onPick={onPick}
                tabIndex={entry._id === current ? 0 : -1}
              />
            ) : (
              <ContactItem
                conversation={entry.conversation}
                active={isActive(entry)}
                onPick={onPick}
                tabIndex={entry._id === current ? 0 : -1}
              />
            )}
          </li>
        ))}
      </ul>
      {roomsFailure}
    </>
  );
}
