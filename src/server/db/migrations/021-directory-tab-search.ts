import type { Kysely } from 'kysely';
import { createPersonaSearch, dropPersonaSearch } from './011-directory-search.js';
import { isPostgres } from './engine.js';

/**
 * A search within one tab without walking the tab (issue 14). SQLite's index (migration 011) knew the words but
 * not the tab, so a word common elsewhere and rare in the tab (the Art tab and "calm" in the directory benchmark)
 * was found by walking the tab's thousands of rows in username order, checking each. Now persona_search holds
 * each persona's tab as a fourth column, written `{Art}`: the braces make even a two-letter tab a whole
 * trigram phrase that no other tab contains. A search in a tab is then one FTS5 query (the term in name,
 * username or bio, AND the tab), and the directory counts the matches in the tab before it chooses between the
 * index and a walk. PostgreSQL is unchanged: its planner combines the tag index with the trigram indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await dropPersonaSearch(db);
  await createPersonaSearch(db, { withTab: true });
}

/** Back to migration 011's index, built again from the personas as they are now. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await dropPersonaSearch(db);
  await createPersonaSearch(db, { withTab: false });
}
