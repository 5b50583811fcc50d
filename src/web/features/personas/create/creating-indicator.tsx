import styles from './create.module.css';

/** The loading animation while a persona is being created: three pulsing stars and a line of text. */
export function CreatingIndicator() {
  return (
    <div role="status" className={styles.creating}>
      <span className={styles.creatingStars} aria-hidden="true">
        <span>✦</span>
        <span>✦</span>
        <span>✦</span>
      </span>
      <span>Creating your AI…</span>
    </div>
  );
}
