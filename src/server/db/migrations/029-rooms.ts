import { sql, type Kysely } from 'kysely';
import { isPostgres } from './engine.js';
import { addColumnWithDefault, cascadeTo, indexOn } from './schema-steps.js';

/*
 * Rooms (issue 43). A room is a conversation, so its messages, their search index, forwarding and reports are
 * the DMs' own; what a room adds lives in `rooms` (its settings) and `room_members`. A room's conversation row
 * names the room itself as both sides of its pair (user_low = user_high = its id): no person is ever either side,
 * so every query that asks for a person's DMs (`hasPerson`) leaves rooms out without a change, and the pair stays
 * unique. That needs the pair's references to users dropped; people are never deleted (a deleted account is
 * emptied and kept), so they guarded nothing the code relies on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await dropPairReferencesOnPostgres(db);
  else await dropPairReferencesOnSqlite(db);

  await db.schema
    .createTable('rooms')
    .addColumn('id', 'text', (c) => c.primaryKey().references('conversations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', cascadeTo('users'))
    .addColumn('reply_mode', 'text', (c) => c.notNull())
    .addColumn('persona_turns', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // One row per member, kept after they leave (left_at set): they may still read and search the room up to then.
  await db.schema
    .createTable('room_members')
    .addColumn('room_id', 'text', cascadeTo('conversations'))
    .addColumn('member_id', 'text', cascadeTo('users'))
    .addColumn('is_ai', 'integer', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addColumn('left_at', 'text', (c) => c.notNull().defaultTo(''))
    // The newest message id the member has read ('' for none): unread counts and "seen by" come from it.
    .addColumn('read_up_to', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('benched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('room_members_pk', ['room_id', 'member_id'])
    .execute();
  // "The rooms I am in".
  await indexOn(db, 'room_members_member_idx', 'room_members', ['member_id', 'left_at']).execute();

  // A persona's memory in a room is its own ('' for a DM's persona, the only one there).
  await addColumnWithDefault(db, 'memory_items', 'persona_id', 'text', '');
}

async function dropPairReferencesOnPostgres(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select distinct tc.constraint_name as name
    from information_schema.table_constraints tc
    join information_schema.key_column_usage k
      on k.constraint_name = tc.constraint_name and k.table_name = tc.table_name
    where tc.table_name = 'conversations' and tc.constraint_type = 'FOREIGN KEY'
      and k.column_name in ('user_low', 'user_high')`.execute(db);
  for (const { name } of rows)
    await sql`alter table conversations drop constraint ${sql.id(name)}`.execute(db);
}

const PAIR_REFERENCE = / references "users" \("id"\) on delete cascade/g;

/**
 * SQLite cannot drop a reference in place: the table is made again without it and the rows copied (the
 * documented twelve steps), with references checked off meanwhile so dropping the old table deletes no messages.
 */
async function dropPairReferencesOnSqlite(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master where tbl_name = 'conversations' and sql is not null`.execute(db);
  const table = rows.find((row) => row.type === 'table')?.sql ?? '';
  const references = table.match(PAIR_REFERENCE)?.length ?? 0;
  // Made loose already: this migration ran before and was taken down (`down` keeps the looser table).
  if (references === 0) return;
  if (references !== 2) throw new Error('conversations is not as migration 002 made it');
  const loose = table.replace(PAIR_REFERENCE, '');
  const indexes = rows.filter((row) => row.type === 'index').map((row) => row.sql);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql
        .raw(loose.replace('CREATE TABLE "conversations"', 'CREATE TABLE "conversations_new"'))
        .execute(trx);
      await sql`insert into conversations_new select * from conversations`.execute(trx);
      await sql`drop table conversations`.execute(trx);
      await sql`alter table conversations_new rename to conversations`.execute(trx);
      for (const index of indexes) await sql.raw(index).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error('rebuilding conversations broke a reference');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * Takes rooms away with their messages; the pair's references to users stay dropped (a table made again with them
 * would refuse nothing the code writes, and `up` finds it loose already).
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from conversations where user_low = id`.execute(db);
  await db.schema.alterTable('memory_items').dropColumn('persona_id').execute();
  await db.schema.dropTable('room_members').execute();
  await db.schema.dropTable('rooms').execute();
}
