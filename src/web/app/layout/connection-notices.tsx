import { Button } from '../../components/ui/button.js';
import { PageTitle } from '../../components/ui/page-title.js';
import { OFFLINE_TEXT, useServerReach } from '../../lib/server-reach.js';
import { activateNewVersion, useWaitingWorker } from '../../lib/service-worker.js';
import styles from './connection-notices.module.css';

/**
 * The status line's notices: the server cannot be reached (while the page stays as it was), and a new
 * version waits to take over. Each is a status only while shown, as the AI status line is, so pages with
 * statuses of their own keep them as the only ones.
 */
export function ConnectionNotices({ offlinePageShown }: { offlinePageShown: boolean }) {
  const reachable = useServerReach((state) => state.reachable);
  const waiting = useWaitingWorker((state) => state.worker !== null);
  return (
    <>
      {/* The offline page says it already: once is enough. */}
      {!reachable && !offlinePageShown ? (
        <p role="status" className={styles.line}>
          {OFFLINE_TEXT}
        </p>
      ) : null}
      {waiting ? (
        <p role="status" className={styles.line}>
          A new version is ready —{' '}
          <Button variant="secondary" onClick={activateNewVersion}>
            Reload
          </Button>
        </p>
      ) : null}
    </>
  );
}

/** Whether the app opened without reaching the server at all: then the page is OfflinePage. */
export function useOpenedOffline(): boolean {
  return useServerReach((state) => !state.reachable && !state.reachedOnce);
}

/**
 * What the app shows, in place of the page, when it opened (from the service worker's cache) without
 * reaching the server; it gives way to the page as soon as the server answers.
 */
export function OfflinePage({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.center}>
      <PageTitle>Offline · Simplified</PageTitle>
      <div className={styles.card}>
        <span className={styles.mark} aria-hidden="true">
          S
        </span>
        <h1>You are offline</h1>
        <p>{OFFLINE_TEXT}</p>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </div>
  );
}
