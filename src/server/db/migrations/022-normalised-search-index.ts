import type { Kysely } from 'kysely';
import { createSearchIndex, dropSearchIndex } from './019-search-index.js';

/**
 * Search in the spelling people type (issue 40): text read from PDFs is often stored in Arabic presentation
 * forms, ligatures or full-width letters, which matched no typed word. The index (migration 019) is built again
 * over each text's NFKC normalisation (contracts/normalize-text.ts; queries are normalised the same way), so text
 * stored before this migration is found too: SQLite indexes nfkc(text), a SQL function every connection
 * registers (db/database.ts); PostgreSQL's generated columns index normalize(text, NFKC). The stored text itself
 * is left as it was written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await dropSearchIndex(db);
  await createSearchIndex(db, 'nfkc');
}

/** Back to migration 019's index of the text as stored. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await dropSearchIndex(db);
  await createSearchIndex(db, 'stored');
}
