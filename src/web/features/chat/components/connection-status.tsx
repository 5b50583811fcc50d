import { useRealtime } from '../../../lib/socket.js';
import styles from './chat-toolbar.module.css';

/**
 * A quiet pill while the live connection is away; the live region stays so the change is announced.
 * data-connection carries the state for tests that must not act before the tab can hear events.
 */
export function ConnectionStatus() {
  const status = useRealtime((state) => state.status);
  const away = status === 'reconnecting';
  return (
    <span role="status" className={styles.statusSlot} data-connection={status}>
      {away ? (
        <span className={styles.status}>
          <span className={styles.statusSpinner} aria-hidden="true" />
          Reconnecting…
        </span>
      ) : null}
    </span>
  );
}
