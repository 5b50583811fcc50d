/** Paths the server keeps for itself: the API, pictures and the live connection. */
const SERVER_PATHS = ['/api/', '/uploads/', '/socket.io/'] as const;

/**
 * Whether a path is one of the web app's pages: not one of the server's own paths and not a file (a last segment
 * with an extension). The server answers such a path with the app's page; the service worker answers it with its
 * cached copy when the server cannot be reached.
 */
export function isAppPagePath(pathname: string): boolean {
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !SERVER_PATHS.some((prefix) => pathname.startsWith(prefix)) && !/\.[a-z0-9]+$/i.test(lastSegment);
}
