/**
 * The Editor's open PDFs, kept in this browser's IndexedDB until the user closes them, so that switching
 * files, leaving the Editor and reloading lose nothing. Everything is keyed by the signed-in user's id:
 * another account on the same browser never sees them, and signing out deletes them.
 */

const DB_NAME = 'simplified-editor';
const DB_VERSION = 1;
const DOCUMENTS = 'documents';
const SESSIONS = 'sessions';
const BY_USER = 'byUser';

/** One open PDF. `bytes` holds the annotations made so far (pdf.js saves them into the file). */
export interface StoredDocument {
  userId: string;
  id: string;
  name: string;
  bytes: Uint8Array;
  /** Annotations were made since the file was opened or last downloaded. */
  unsaved: boolean;
  /** Tab order: when the file was opened. */
  openedAt: number;
}

/** Which tab was shown, per user. */
interface StoredSession {
  userId: string;
  activeId: string | null;
}

export interface EditorSnapshot {
  documents: StoredDocument[];
  activeId: string | null;
}

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      const documents = db.createObjectStore(DOCUMENTS, { keyPath: ['userId', 'id'] });
      documents.createIndex(BY_USER, 'userId');
      db.createObjectStore(SESSIONS, { keyPath: 'userId' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the schema must not be blocked by this one.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB is unavailable'));
    };
  });
  return opening;
}

function settled(request: IDBRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Runs `work` in one transaction and resolves once it is committed (a quota error rejects here). */
async function inTransaction<T>(
  stores: string[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T>,
): Promise<T> {
  const db = await openDb();
  const tx = db.transaction(stores, mode);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
  const result = await work(tx);
  await done;
  return result;
}

/** The user's open PDFs in tab order, and the tab that was shown. */
export function loadSnapshot(userId: string): Promise<EditorSnapshot> {
  return inTransaction([DOCUMENTS, SESSIONS], 'readonly', async (tx) => {
    const documents = (await settled(
      tx.objectStore(DOCUMENTS).index(BY_USER).getAll(userId),
    )) as StoredDocument[];
    const session = (await settled(tx.objectStore(SESSIONS).get(userId))) as StoredSession | undefined;
    documents.sort((a, b) => a.openedAt - b.openedAt);
    return { documents, activeId: session?.activeId ?? null };
  });
}

export function putDocument(document: StoredDocument): Promise<void> {
  return inTransaction([DOCUMENTS], 'readwrite', async (tx) => {
    await settled(tx.objectStore(DOCUMENTS).put(document));
  });
}

/** Changes part of a stored document; nothing happens when it was closed meanwhile. */
export function updateDocument(
  userId: string,
  id: string,
  change: Partial<Pick<StoredDocument, 'bytes' | 'unsaved'>>,
): Promise<void> {
  return inTransaction([DOCUMENTS], 'readwrite', async (tx) => {
    const store = tx.objectStore(DOCUMENTS);
    const current = (await settled(store.get([userId, id]))) as StoredDocument | undefined;
    if (current) await settled(store.put({ ...current, ...change }));
  });
}

export function deleteDocument(userId: string, id: string): Promise<void> {
  return inTransaction([DOCUMENTS], 'readwrite', async (tx) => {
    await settled(tx.objectStore(DOCUMENTS).delete([userId, id]));
  });
}

export function saveActive(userId: string, activeId: string | null): Promise<void> {
  return inTransaction([SESSIONS], 'readwrite', async (tx) => {
    await settled(tx.objectStore(SESSIONS).put({ userId, activeId } satisfies StoredSession));
  });
}

/** Deletes everything kept for one user (on logout). */
export function clearUser(userId: string): Promise<void> {
  return inTransaction([DOCUMENTS, SESSIONS], 'readwrite', async (tx) => {
    await settled(tx.objectStore(DOCUMENTS).delete(IDBKeyRange.bound([userId], [userId, []])));
    await settled(tx.objectStore(SESSIONS).delete(userId));
  });
}

/** A failed write because the browser's storage is full. */
export function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}
