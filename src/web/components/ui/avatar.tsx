import { useState } from 'react';
import styles from './avatar.module.css';

interface AvatarProps {
  name: string;
  username: string;
  /** Picture URL or data URL; empty shows the initial instead. */
  src: string;
  size?: number;
}

/** A round picture, or the first letter of the name when there is none (or it fails to load). */
export function Avatar({ name, username, src, size = 96 }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const label = `Profile picture of ${name || username}`;
  const dimension = { width: size, height: size };

  if (src !== '' && failedSrc !== src) {
    return (
      <img
        className={styles.avatar}
        src={src}
        alt={label}
        style={dimension}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  const initial = (name.trim() || username).charAt(0).toUpperCase() || '?';
  return (
    <span
      className={`${styles.avatar} ${styles.initial}`}
      role="img"
      aria-label={label}
      style={{ ...dimension, fontSize: size * 0.42 }}
    >
      {initial}
    </span>
  );
}
