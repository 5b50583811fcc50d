import { matchPrecache } from 'workbox-precaching';
import { isAppPagePath } from '../../contracts/app-pages.js';

/** The precached page every app route is answered with when the server cannot be reached. */
export const SHELL_URL = '/index.html';

/** Whether a navigation is to one of the app's pages, which the shell can show (the server's own rule). */
export function isAppPage(url: URL, origin: string): boolean {
  return url.origin === origin && isAppPagePath(url.pathname);
}

/**
 * Asks the server first, so each visit gets what the server decides (the prerendered page for a visitor, the
 * signed-in shell otherwise, its headers), and answers with the cached shell only when the server cannot be
 * reached: the app then says it is offline, instead of the browser's error page.
 */
export async function pageOrShell(
  request: Request,
  fetchPage: (request: Request) => Promise<Response>,
  cachedShell: () => Promise<Response | undefined>,
): Promise<Response> {
  try {
    return await fetchPage(request);
  } catch (error) {
    const shell = await cachedShell();
    if (shell) return shell;
    throw error;
  }
}

/**
 * Answers the app's page navigations with `pageOrShell`. Nothing else is answered here: API calls, uploads
 * and the socket go to the network untouched and are never cached (they carry people's data).
 */
export function registerOfflineNavigation(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.mode !== 'navigate' || !isAppPage(new URL(request.url), sw.location.origin)) return;
    event.respondWith(
      pageOrShell(
        request,
        (page) => fetch(page),
        () => matchPrecache(SHELL_URL),
      ),
    );
  });
}
