import styles from './room-page.module.css';

/** "@ann is typing…", "@ann and @bo are typing…", "3 people are typing…". */
export function typingText(usernames: readonly string[]): string {
  const [first, second] = usernames;
  if (first === undefined) return '';
  if (second === undefined) return `@${first} is typing…`;
  if (usernames.length === 2) return `@${first} and @${second} are typing…`;
  return `${usernames.length} people are typing…`;
}

/** Who is typing in the room, in a line above the message box; the line keeps its place when empty. */
export function TypingLine({ usernames }: { usernames: readonly string[] }) {
  return (
    <p className={styles.typingLine} role="status" aria-live="polite">
      {typingText(usernames)}
    </p>
  );
}
