import styles from './message-list.module.css';

const BARS = [62, 40, 74, 35, 56] as const;

/** SPEC §2: five placeholder bars while a conversation's messages load. */
export function LoadingBars() {
  return (
    <div role="status" className={styles.loading}>
      {BARS.map((width, index) => (
        <div
          key={index}
          data-testid="loading-bar"
          aria-hidden="true"
          className={`${styles.bar} ${index % 2 === 1 ? styles.barMine : ''}`}
          style={{ width: `${width}%` }}
        />
      ))}
      <span className="visually-hidden">Loading messages…</span>
    </div>
  );
}
