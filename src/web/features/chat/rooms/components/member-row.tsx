import { Link } from 'react-router';
import { DELETED_ACCOUNT_NAME } from '../../../../../contracts/my-data.js';
import type { RoomMember } from '../../../../../contracts/rooms.js';
import { Avatar } from '../../../../components/ui/avatar.js';
import { Button } from '../../../../components/ui/button.js';
import { useIsOnline } from '../../../../lib/socket.js';
import indicatorStyles from '../../../../components/ui/indicators.module.css';
import styles from './members-panel.module.css';

/** What the owner may do to a member (nothing is offered to anyone else, nor about oneself). */
export interface MemberActions {
  onRemove: () => void;
  onOwner?: () => void;
  onBench?: (benched: boolean) => void;
  busy: boolean;
}

interface MemberRowProps {
  member: RoomMember;
  isOwner: boolean;
  isMe: boolean;
  actions?: MemberActions;
  /** Opens what this persona remembers of the room (offered to every member, for each persona). */
  onMemory?: () => void;
}

/** One member: picture with a presence dot, @username and name, and what they are in the room. */
export function MemberRow({ member, isOwner, isMe, actions, onMemory }: MemberRowProps) {
  const online = useIsOnline(member._id);
  const handle = member.deleted ? DELETED_ACCOUNT_NAME : `@${member.username}`;
  const memory = onMemory ? (
    <Button
      variant="ghost"
      className={styles.small}
      aria-haspopup="dialog"
      aria-label={`Memory of ${handle}`}
      onClick={onMemory}
    >
      Memory
    </Button>
  ) : null;
  return (
    <li className={styles.member}>
      <span className={styles.memberAvatar}>
        <Avatar
          name={member.deleted ? DELETED_ACCOUNT_NAME : member.name}
          username={member.username}
          src={member.profilePic}
          size={36}
        />
        {online ? <span className={indicatorStyles.presenceDot} data-testid="online-dot" /> : null}
      </span>
      <span className={styles.memberText}>
        <span className={styles.memberTop}>
          {member.deleted ? (
            <span className={styles.handle}>{handle}</span>
          ) : (
            <Link to={`/${member.username}`} className={styles.handle}>
              {handle}
            </Link>
          )}
          {isMe ? <span className={styles.you}>you</span> : null}
        </span>
        <span className={styles.badges}>
          {member.deleted ? null : <span className={styles.name}>{member.name}</span>}
          {isOwner ? <span className={styles.badge}>owner</span> : null}
          {member.isAi ? <span className={styles.badge}>AI</span> : null}
          {member.benched ? <span className={styles.benched}>benched</span> : null}
          {online ? <span className={styles.online}>online</span> : null}
        </span>
      </span>
      {actions ? (
        <span className={styles.memberActions} role="group" aria-label={`Manage ${handle}`}>
          {memory}
          {actions.onBench ? (
            <Button
              variant="ghost"
              className={styles.small}
              disabled={actions.busy}
              onClick={() => actions.onBench?.(!member.benched)}
            >
              {member.benched ? 'Let speak' : 'Bench'}
            </Button>
          ) : null}
          {actions.onOwner ? (
            <Button
              variant="ghost"
              className={styles.small}
              disabled={actions.busy}
              onClick={actions.onOwner}
            >
              Make owner
            </Button>
          ) : null}
          <Button variant="ghost" className={styles.small} disabled={actions.busy} onClick={actions.onRemove}>
            Remove
          </Button>
        </span>
      ) : memory ? (
        <span className={styles.memberActions}>{memory}</span>
      ) : null}
    </li>
  );
}
