/** What the page posts to a waiting worker when the person chose to reload into the new version. */
export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

/** Whether a message from a page is SKIP_WAITING (pages are ours, but a message is still only data). */
export function isSkipWaiting(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING.type;
}

/**
 * The update policy (decision 031): a new worker waits while any tab of the old one is open, so a tab never
 * mixes two versions' files, and takes over on the next visit once they are closed. A tab that sees it waiting
 * offers "A new version is ready — Reload"; choosing it posts SKIP_WAITING here, and every tab reloads into the
 * new version when it takes control.
 */
export function registerUpdatePolicy(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('message', (event) => {
    if (isSkipWaiting(event.data)) void sw.skipWaiting();
  });
  // The first install has no page to go stale: it controls open tabs at once, so they work offline too.
  sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));
}
