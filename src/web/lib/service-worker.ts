import { create } from 'zustand';
import { SKIP_WAITING } from '../service-worker/updates.js';

/** A new version's worker is installed and waits for the old one's tabs; null when there is none. */
export const useWaitingWorker = create<{ worker: ServiceWorker | null }>()(() => ({ worker: null }));

/** Asks the waiting worker to take over; every tab then reloads into the new version (see registerServiceWorker). */
export function activateNewVersion(): void {
  useWaitingWorker.getState().worker?.postMessage(SKIP_WAITING);
}

/** Notes `registration`'s waiting worker now, and each one that finishes installing later. */
function watchForWaiting(container: ServiceWorkerContainer, registration: ServiceWorkerRegistration): void {
  const note = () => {
    // With no controller this is the first install: nothing older is running, so nothing waits.
    if (registration.waiting && container.controller)
      useWaitingWorker.setState({ worker: registration.waiting });
  };
  note();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') note();
    });
  });
}

/**
 * Registers the service worker (decision 031), in browsers that have them. A tab that an older worker
 * controlled reloads when a new one takes control, so no tab runs one version's page with another's files;
 * the first install takes control without a reload (nothing older was running).
 */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): void {
  if (!container) return;
  const controlledAtLoad = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!controlledAtLoad || reloading) return;
    reloading = true;
    window.location.reload();
  });
  container
    .register('/sw.js', { scope: '/' })
    .then((registration) => watchForWaiting(container, registration))
    // Without a worker the app still runs; it only cannot start offline.
    .catch(() => undefined);
}
