import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './engine.js';

/**
 * Search over what a person may read (issue 16): their conversations' messages, their saved notes and prompts,
 * and their Charioteer discussions (topics and turns). Each engine keeps its index in the writing transaction.
 *
 * SQLite: one contentless FTS5 table (the text stays in its own table) filled by triggers. Besides the text,
 * each entry holds "owner" tokens, one per person who may read it, so a person's search is an FTS5 AND of their
 * owner token and the words: FTS5 skips through the words' lists by rowid instead of reading every match of a
 * common word. FTS5 needs an integer rowid that stays put, which these tables' text ids are not, so search_rows
 * gives each entry one (as in migration 011). A prefix index of 3 characters keeps a short prefix one list to read
 * instead of a merge of every word it begins (2-character words match only themselves, contracts/search.ts).
 * detail=column: the index records which column holds a word but not where in it (no phrase search is offered),
 * which makes it a fraction of the size and a common word's list quicker to read.
 *
 * Messages, the one kind written at chat speed, enter search_pending in their writing transaction and reach
 * search_text in batches (modules/search/message-index.ts), which a search first completes: FTS5 pays per
 * transaction, so a message indexed with a send's group commit of ~16 cost 4 to 5 times the CPU of one indexed
 * among a thousand (docs/archive/performance-diary-2026.md). A search still sees every committed message.
 *
 * PostgreSQL: a generated tsvector column with a GIN index on each searched table ('simple': words as written,
 * no language's stemming, as FTS5's unicode61).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createSearchIndex(db, 'stored');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropSearchIndex(db);
}

/**
 * The spelling the index holds: the text as stored (this migration), or its NFKC normalisation (migration 022,
 * contracts/normalize-text.ts), which on SQLite is the nfkc() SQL function each connection registers.
 */
export type IndexedSpelling = 'stored' | 'nfkc';

/** The index of either spelling, with every row that exists already in it. */
export async function createSearchIndex(db: Kysely<unknown>, spelling: IndexedSpelling): Promise<void> {
  if (isPostgres(db)) await upPostgres(db, spelling);
  else await upSqlite(db, spelling);
}

/** Removes the index (its columns, tables and triggers); the searched rows stay. */
export async function dropSearchIndex(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const { table } of POSTGRES_DOCUMENTS) {
      await sql`alter table ${sql.id(table)} drop column search_vector`.execute(db);
    }
    return;
  }
  for (const trigger of SQLITE_TRIGGERS) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table search_text`.execute(db);
  await db.schema.dropTable('search_rows').execute();
  await db.schema.dropTable('search_pending').execute();
}

const POSTGRES_DOCUMENTS = [
  { table: 'messages', text: 'text' },
  { table: 'actions', text: "title || ' ' || memory" },
  { table: 'discussions', text: 'topic' },
  { table: 'discussion_turns', text: 'text' },
];

async function upPostgres(db: Kysely<unknown>, spelling: IndexedSpelling): Promise<void> {
  for (const { table, text } of POSTGRES_DOCUMENTS) {
    const spelled = spelling === 'nfkc' ? `normalize(${text}, NFKC)` : text;
    await sql`alter table ${sql.id(table)} add column search_vector tsvector
      generated always as (to_tsvector('simple', ${sql.raw(spelled)})) stored`.execute(db);
    await sql`create index ${sql.id(`${table}_search_idx`)} on ${sql.id(table)} using gin (search_vector)`.execute(
      db,
    );
  }
}

const SQLITE_TRIGGERS = [
  'messages_search_insert',
  'messages_search_delete',
  'actions_search_insert',
  'actions_search_update',
  'actions_search_delete',
  'discussions_search_insert',
  'discussions_search_delete',
  'discussion_turns_search_insert',
  'discussion_turns_search_delete',
];

/** The token that marks an entry readable by a user: ids are UUIDs, and unicode61 would split them at '-'. */
const owner = (column: string) => sql.raw(`'o' || replace(${column}, '-', '')`);

async function upSqlite(db: Kysely<unknown>, spelling: IndexedSpelling): Promise<void> {
  await db.schema
    .createTable('search_rows')
    .addColumn('search_rowid', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addUniqueConstraint('search_rows_kind_ref', ['kind', 'ref'])
    .execute();
  // Keyed by the message id alone (UUIDv7, so new ones append): one B-tree insert a send.
  await sql`create table search_pending (ref text primary key) without rowid`.execute(db);
  await sql`create virtual table search_text using fts5(
      body, owners, content = '', contentless_delete = 1, detail = column,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '3')`.execute(db);

  const indexed = (doc: SqliteDocument) =>
    indexedBy(db, spelling === 'nfkc' ? { ...doc, body: (row) => sql`nfkc(${doc.body(row)})` } : doc);
  await indexed({
    kind: 'message',
    table: 'messages',
    owners: (row) =>
      sql`(select ${owner('user_low')} || ' ' || ${owner('user_high')} from conversations
        where id = ${sql.raw(row)}.conversation_id)`,
    body: (row) => sql.raw(`${row}.text`),
    batched: true,
  });
  await indexed({
    kind: 'action',
    table: 'actions',
    owners: (row) => owner(`${row}.user_id`),
    body: (row) => sql.raw(`${row}.title || ' ' || ${row}.memory`),
    updatedBy: 'title, memory',
  });
  await indexed({
    kind: 'discussion',
    table: 'discussions',
    owners: (row) => owner(`${row}.user_id`),
    body: (row) => sql.raw(`${row}.topic`),
  });
  await indexed({
    kind: 'turn',
    table: 'discussion_turns',
    owners: (row) =>
      sql`(select ${owner('user_id')} from discussions where id = ${sql.raw(row)}.discussion_id)`,
    body: (row) => sql.raw(`${row}.text`),
  });
}

interface SqliteDocument {
  kind: string;
  table: string;
  /** The space-separated owner tokens of the row called `row` (`new` in triggers). */
  owners: (row: string) => RawBuilder<unknown>;
  /** The searched text of the row called `row`. */
  body: (row: string) => RawBuilder<unknown>;
  /** The columns whose update changes the entry (none: rows of this table are never edited). */
  updatedBy?: string;
  /** New rows wait in search_pending for a batch (never edited, so no update trigger either). */
  batched?: boolean;
}

/**
 * Triggers that keep one table's rows in search_text, then the rows that exist already. Messages and turns are
 * never edited, so they have no update trigger.
 */
async function indexedBy(db: Kysely<unknown>, doc: SqliteDocument): Promise<void> {
  const kind = sql.lit(doc.kind);
  const table = sql.id(doc.table);
  const insertEntry = sql`
      insert into search_rows (kind, ref) values (${kind}, new.id);
      insert into search_text (rowid, body, owners)
        values ((select search_rowid from search_rows where kind = ${kind} and ref = new.id), ${doc.body('new')}, ${doc.owners('new')});`;
  const deleteEntry = sql`
      delete from search_text where rowid = (select search_rowid from search_rows where kind = ${kind} and ref = old.id);
      delete from search_rows where kind = ${kind} and ref = old.id;`;
  const onInsert = doc.batched ? sql`insert into search_pending (ref) values (new.id);` : insertEntry;
  const onDelete = doc.batched
    ? sql`${deleteEntry} delete from search_pending where ref = old.id;`
    : deleteEntry;
  await sql`create trigger ${sql.id(`${doc.table}_search_insert`)} after insert on ${table} begin ${onInsert} end`.execute(
    db,
  );
  await sql`create trigger ${sql.id(`${doc.table}_search_delete`)} after delete on ${table} begin ${onDelete} end`.execute(
    db,
  );
  if (doc.updatedBy) {
    await sql`create trigger ${sql.id(`${doc.table}_search_update`)} after update of ${sql.raw(doc.updatedBy)} on ${table}
      begin ${deleteEntry} ${insertEntry} end`.execute(db);
  }
  await sql`insert into search_rows (kind, ref) select ${kind}, id from ${table}`.execute(db);
  await sql`insert into search_text (rowid, body, owners)
      select r.search_rowid, ${doc.body('t')}, ${doc.owners('t')}
      from ${table} t join search_rows r on r.kind = ${kind} and r.ref = t.id`.execute(db);
}
