import type { Room } from '../../../../../contracts/rooms.js';
import { Button, IconButton } from '../../../../components/ui/button.js';
import { BellIcon, BellOffIcon, PeopleIcon } from '../../../../components/ui/icons.js';
import { Tooltip } from '../../../../components/ui/tooltip.js';
import { useRealtime } from '../../../../lib/socket.js';
import conversationStyles from '../../components/conversation.module.css';
import { RoomAvatar } from './room-avatar.js';
import styles from './room-page.module.css';

interface RoomHeaderProps {
  room: Room;
  onMembers: () => void;
  membersOpen: boolean;
  onMute: (muted: boolean) => void;
  muting: boolean;
}

/** The room's name, how many are in it and online, the bell, and the way to its members. */
export function RoomHeader({ room, onMembers, membersOpen, onMute, muting }: RoomHeaderProps) {
  const online = useRealtime(
    (state) =>
      state.status === 'connected' &&
      room.members.filter((member) => state.onlineUsers.has(member._id)).length,
  );
  const people = room.members.filter((member) => !member.isAi).length;
  const personas = room.members.length - people;
  const muteLabel = room.muted ? 'Unmute room' : 'Mute room';
  return (
    <div className={conversationStyles.header}>
      <RoomAvatar name={room.name} size={40} />
      <div className={conversationStyles.who}>
        <h1 className={conversationStyles.title} aria-label={`Room ${room.name}`} dir="auto">
          {room.name}
        </h1>
        <p className={conversationStyles.subtitle}>
          <span className={styles.counts}>
            {people === 1 ? '1 person' : `${people} people`}
            {personas > 0 ? ` · ${personas === 1 ? '1 persona' : `${personas} personas`}` : ''}
          </span>
          {online ? <span className={conversationStyles.connected}>{online} online</span> : null}
        </p>
      </div>
      <div className={conversationStyles.headerActions}>
        {room.left ? null : (
          <Tooltip label={muteLabel} kind="secondary" placement="bottom-end">
            <IconButton
              aria-label={muteLabel}
              aria-pressed={room.muted}
              disabled={muting}
              onClick={() => onMute(!room.muted)}
            >
              {room.muted ? <BellOffIcon /> : <BellIcon />}
            </IconButton>
          </Tooltip>
        )}
        <Button
          variant="secondary"
          className={styles.membersButton}
          aria-haspopup="dialog"
          aria-expanded={membersOpen}
          onClick={onMembers}
        >
          <PeopleIcon size={18} />
          <span className={styles.membersLabel}>Members</span>
          <span className="visually-hidden"> of {room.name}</span>
        </Button>
      </div>
    </div>
  );
}
