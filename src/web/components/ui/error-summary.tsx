import styles from './inline-message.module.css';

export interface SummaryItem {
  /** The form control's name; choosing the item takes focus to it. */
  name: string;
  message: string;
}

/**
 * Everything a refused form needs fixed, in one announced list (role="alert"), each item leading to
 * its field. The caller remounts it (a new key) on each refused try so a repeat is announced again.
 */
export function ErrorSummary({ items, general }: { items: SummaryItem[]; general?: string }) {
  const count = items.length + (general ? 1 : 0);
  if (count === 0) return null;
  const focusField = (item: SummaryItem, target: HTMLElement) => {
    const field = target.closest('form')?.elements.namedItem(item.name);
    if (field instanceof HTMLElement) field.focus();
  };
  return (
    <div role="alert" className={`${styles.message} ${styles.error}`}>
      <p className={styles.summaryTitle}>
        {count === 1 ? 'One thing needs fixing:' : `${count} things need fixing:`}
      </p>
      <ul className={styles.summaryList}>
        {general ? <li>{general}</li> : null}
        {items.map((item) => (
          <li key={item.name}>
            <button
              type="button"
              className={styles.summaryLink}
              onClick={(event) => focusField(item, event.currentTarget)}
            >
              {item.message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
