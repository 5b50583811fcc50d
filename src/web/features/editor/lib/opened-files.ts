import { describeError } from '../../../lib/api-client.js';
import { isQuotaError } from './editor-db.js';
import { storageFullMessage } from './editor-limits.js';

/** A PDF by its type or, when the browser gives none, by its name. */
export function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

let lastOpenedAt = 0;
/** Tab order survives a reload: each opened file gets a later time than the one before. */
export function nextOpenedAt(): number {
  lastOpenedAt = Math.max(Date.now(), lastOpenedAt + 1);
  return lastOpenedAt;
}

/** Why a PDF could not be kept in IndexedDB, for the user. */
export function keepFailure(name: string, error: unknown): string {
  return isQuotaError(error)
    ? storageFullMessage(name)
    : `“${name}” could not be kept in this browser: ${describeError(error)}`;
}
