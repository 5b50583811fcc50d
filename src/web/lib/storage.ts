/**
 * Thin, failure-proof wrapper over localStorage. Private browsing modes and full quotas make
 * localStorage throw; the app must keep working (just without persistence) when that happens.
 */

/** Every key the app writes, kept short and in one place so nothing collides. */
export const STORAGE_KEYS = {
  /** The signed-in user as JSON (SPEC §3: a single short key). */
  me: 'me',
  /** The chosen theme: "star" or absent. */
  theme: 'theme',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Reads a raw string, or null when missing or storage is unavailable. */
export function readItem(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a raw string; silently skipped when storage is unavailable. */
export function writeItem(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Persistence is a convenience; the in-memory state stays correct.
  }
}

/** Removes a key; silently skipped when storage is unavailable. */
export function removeItem(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to clean up if storage cannot be reached.
  }
}

/** Parses a stored JSON value; invalid JSON yields undefined so callers can discard it. */
export function readJson(key: StorageKey): unknown {
  const raw = readItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Stores a value as JSON. */
export function writeJson(key: StorageKey, value: unknown): void {
  writeItem(key, JSON.stringify(value));
}
