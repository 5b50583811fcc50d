import { onLogout } from '../../../lib/session-store.js';
import { clearUser } from './editor-db.js';

/**
 * Logging out deletes the PDFs the Editor kept for that person, so nothing of theirs stays in this browser.
 * A session that merely expires keeps them for the same person's next sign-in. Returns the unsubscribe function.
 */
export function forgetEditorDocumentsOnLogout(): () => void {
  return onLogout((userId) => void clearUser(userId).catch(() => undefined));
}
