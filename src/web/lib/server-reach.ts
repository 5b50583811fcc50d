import { useEffect } from 'react';
import { create } from 'zustand';

/** What the app and the status line say when the server cannot be reached. */
export const OFFLINE_TEXT = 'You are offline — messages will arrive when you reconnect.';

/** How often an unreachable server is asked again (and at once when the browser says it is back online). */
export const PROBE_INTERVAL_MS = 5_000;

interface ServerReach {
  /** The last call got an answer (any status); false after a call that got none, or while the browser is offline. */
  reachable: boolean;
  /**
   * The server answered since the page loaded (or sent the page itself): until then an unreachable server
   * is a full offline page.
   */
  reachedOnce: boolean;
}

/**
 * Whether this page may have come from the service worker's cache rather than from the server: only a page
 * the worker controls can have. Any other page was just sent by the server, which was reached then.
 */
export function mayBeFromCache(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

/** The state when the page loads. */
export function initialServerReach(): ServerReach {
  return {
    reachable: typeof navigator === 'undefined' || navigator.onLine,
    reachedOnce: !mayBeFromCache(),
  };
}

export const useServerReach = create<ServerReach>()(initialServerReach);

/** Something got an answer from the server (an API call, the socket's handshake). */
export function noteServerReached(): void {
  const state = useServerReach.getState();
  if (!state.reachable || !state.reachedOnce) useServerReach.setState({ reachable: true, reachedOnce: true });
}

/** A call got no answer at all: the network or the server is away. */
export function noteServerUnreachable(): void {
  if (useServerReach.getState().reachable) useServerReach.setState({ reachable: false });
}

/**
 * Keeps `reachable` honest: the browser's offline and online events, and while the server is unreachable a
 * probe of `/api/health` every PROBE_INTERVAL_MS (and at once when the browser is back online). `probe` is
 * the call that notes the answer (apiFetch does). `checkAtStart`: ask once on load, for a page that may have
 * come from the service worker's cache rather than from the server.
 */
export function useServerReachWatch(probe: () => Promise<unknown>, checkAtStart: boolean): void {
  const reachable = useServerReach((state) => state.reachable);
  useEffect(() => {
    const ask = () => void probe().catch(() => undefined);
    const onOffline = () => noteServerUnreachable();
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', ask);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', ask);
    };
  }, [probe]);
  useEffect(() => {
    if (checkAtStart) void probe().catch(() => undefined);
  }, [probe, checkAtStart]);
  useEffect(() => {
    if (reachable) return;
    const timer = window.setInterval(() => void probe().catch(() => undefined), PROBE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [reachable, probe]);
}
