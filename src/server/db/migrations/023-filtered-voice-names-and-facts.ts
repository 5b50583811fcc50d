import type { Kysely } from 'kysely';
import { filterVoiceName } from '../../../contracts/voices.js';
import { filterModelFact } from '../../modules/memory/memory-extraction.js';

/** The columns this migration reads and writes, as they are at migration 021. */
type Tables = {
  users: { id: string; voice_name: string };
  memory_items: { id: string; text: string; source: string };
};

type Row = { id: string; text: string };

/** Rows are read this many at a time, so a large table never sits in memory at once. */
const PAGE = 500;

/** Visits every row `page` gives, in id order, a page at a time. */
async function eachRow(
  page: (after: string) => Promise<Row[]>,
  visit: (row: Row) => Promise<void>,
): Promise<void> {
  let rows: Row[] = [];
  let after = '';
  do {
    rows = await page(after);
    for (const row of rows) await visit(row);
    after = rows.at(-1)?.id ?? after;
  } while (rows.length === PAGE);
}

/**
 * Voice names and the facts the model wrote are filtered on every write now (issue 40), like the other persona
 * fields and the model's replies; rows written before are filtered here. A fact the filter leaves empty was
 * nothing but markup and is deleted. Filtering only removes characters, so running it again changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = db.withTables<Tables>();
  await eachRow(
    (after) =>
      tables
        .selectFrom('users')
        .select(['id', 'voice_name as text'])
        .where('id', '>', after)
        .where('voice_name', '<>', '')
        .orderBy('id')
        .limit(PAGE)
        .execute(),
    async (row) => {
      const name = filterVoiceName(row.text);
      if (name !== row.text)
        await tables.updateTable('users').set({ voice_name: name }).where('id', '=', row.id).execute();
    },
  );
  await eachRow(
    (after) =>
      tables
        .selectFrom('memory_items')
        .select(['id', 'text'])
        .where('id', '>', after)
        .where('source', '=', 'ai')
        .orderBy('id')
        .limit(PAGE)
        .execute(),
    async (row) => {
      const text = filterModelFact(row.text);
      if (!text) await tables.deleteFrom('memory_items').where('id', '=', row.id).execute();
      else if (text !== row.text)
        await tables.updateTable('memory_items').set({ text }).where('id', '=', row.id).execute();
    },
  );
}

/** The markup taken out is kept nowhere, so there is nothing to put back. */
export async function down(): Promise<void> {}
