import { PeopleIcon } from '../../../../components/ui/icons.js';
import styles from './rooms.module.css';

/** A room's badge: a rounded square with its initial and a small people mark, unlike a person's round picture. */
export function RoomAvatar({ name, size }: { name: string; size: number }) {
  const initial = name.trim().charAt(0).toUpperCase() || '#';
  return (
    <span
      className={styles.roomAvatar}
      style={{ width: size, height: size, fontSize: size * 0.4 }}
      aria-hidden="true"
    >
      {initial}
      <span className={styles.roomMark}>
        <PeopleIcon size={Math.round(size * 0.32)} />
      </span>
    </span>
  );
}
