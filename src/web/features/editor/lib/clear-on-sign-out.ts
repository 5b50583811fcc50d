import { useSession } from '../../../lib/session-store.js';
import { clearUser } from './editor-db.js';

/**
 * Signing out (or the server ending the session) deletes the PDFs the Editor kept for that user, so
 * nothing of theirs stays in this browser. Returns the unsubscribe function.
 */
export function clearEditorOnSignOut(): () => void {
  return useSession.subscribe((state, previous) => {
    const leaving = previous.user?._id;
    if (leaving && state.user === null) void clearUser(leaving).catch(() => undefined);
  });
}
