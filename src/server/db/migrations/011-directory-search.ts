import { sql, type Kysely } from 'kysely';
import { isPostgres } from './engine.js';

/**
 * Directory search without scanning users (issue 14): a substring search (`LIKE '%term%'`) cannot use a B-tree, so
 * each engine gets a trigram index. SQLite: an FTS5 table with the trigram tokenizer over personas' name, username
 * and bio, kept in step with users by triggers (so every writer, in its own transaction, updates it). FTS5 needs an
 * integer rowid, and users has none that stays put (VACUUM may renumber a table without an INTEGER PRIMARY KEY), so
 * persona_search_rows gives each persona a stable one (with its username, to sort matches cheaply). PostgreSQL: pg_trgm GIN indexes on the three searched
 * expressions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const index of POSTGRES_INDEXES) await db.schema.dropIndex(index.name).execute();
    return;
  }
  await dropPersonaSearch(db);
  await db.schema.dropTable('persona_search_rows').execute();
}

// The same expressions the directory's search compares, so the planner can match each index to its LIKE.
const POSTGRES_INDEXES = [
  { name: 'users_name_trgm_idx', expression: 'lower(name)' },
  { name: 'users_username_trgm_idx', expression: 'username' },
  { name: 'users_bio_trgm_idx', expression: 'lower(bio)' },
];

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(
      `the directory search needs the PostgreSQL extension pg_trgm, which could not be created (${cause}). ` +
        'Install it on the database server (Debian: the postgresql package ships it; elsewhere postgresql-contrib), ' +
        'or have a superuser run "create extension pg_trgm" in this database, then start the app again.',
      { cause: error },
    );
  }
  for (const index of POSTGRES_INDEXES) {
    await sql`create index ${sql.id(index.name)} on users using gin (${sql.raw(index.expression)} gin_trgm_ops)`.execute(
      db,
    );
  }
  // Statistics on the new expressions let the planner weigh a rare term (index) against a common one (walk).
  await sql`analyze users`.execute(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('persona_search_rows')
    .addColumn('search_rowid', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique())
    // A copy of the username, so matches are put in directory order before any users row is read.
    .addColumn('username', 'text', (c) => c.notNull())
    .execute();
  // Backfill the personas that exist already.
  await sql`insert into persona_search_rows (user_id, username) select id, username from users where is_ai = 1`.execute(
    db,
  );
  await createPersonaSearch(db, { withTab: false });
}

/**
 * SQLite: the FTS5 table over personas (keyed by persona_search_rows, which must exist), the triggers that keep it
 * in step with users, and its backfill. `withTab` adds each persona's tab as a fourth column, written `{tag}`
 * (migration 021).
 */
export async function createPersonaSearch(db: Kysely<unknown>, { withTab }: { withTab: boolean }) {
  const columns = sql.raw(withTab ? 'name, username, bio, tag' : 'name, username, bio');
  const values = (row: string) =>
    sql.raw(
      `${row}.name, ${row}.username, ${row}.bio` +
        (withTab ? `, '{' || coalesce(${row}.tag, '') || '}'` : ''),
    );
  // trigram: any substring of 3 or more characters is found through the index, case-insensitively.
  await sql`create virtual table persona_search using fts5(${columns}, tokenize = 'trigram')`.execute(db);
  await sql`
    create trigger users_persona_search_insert after insert on users when new.is_ai = 1 begin
      insert into persona_search_rows (user_id, username) values (new.id, new.username);
      insert into persona_search (rowid, ${columns})
        select search_rowid, ${values('new')} from persona_search_rows where user_id = new.id;
    end`.execute(db);
  // Delete and insert again, so a change of is_ai (no call does that today) is covered too.
  await sql`
    create trigger users_persona_search_update after update of ${columns}, is_ai on users begin
      delete from persona_search
        where rowid = (select search_rowid from persona_search_rows where user_id = old.id);
      delete from persona_search_rows where user_id = old.id;
      insert into persona_search_rows (user_id, username) select new.id, new.username where new.is_ai = 1;
      insert into persona_search (rowid, ${columns})
        select search_rowid, ${values('new')} from persona_search_rows where user_id = new.id;
    end`.execute(db);
  await sql`
    create trigger users_persona_search_delete after delete on users when old.is_ai = 1 begin
      delete from persona_search
        where rowid = (select search_rowid from persona_search_rows where user_id = old.id);
      delete from persona_search_rows where user_id = old.id;
    end`.execute(db);
  await sql`
    insert into persona_search (rowid, ${columns})
      select r.search_rowid, ${values('u')}
      from persona_search_rows r join users u on u.id = r.user_id`.execute(db);
}

/** SQLite: drops what createPersonaSearch made (persona_search_rows stays). */
export async function dropPersonaSearch(db: Kysely<unknown>) {
  for (const trigger of ['insert', 'update', 'delete']) {
    await sql`drop trigger users_persona_search_${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table persona_search`.execute(db);
}
