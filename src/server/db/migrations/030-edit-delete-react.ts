import type { Kysely } from 'kysely';
import { addColumnWithDefault, cascadeTo, indexOn } from './schema-steps.js';

/*
 * Edit, delete for everyone and reactions (issue 44). A message keeps when it was last edited ('' for never) and
 * whether its author deleted it (its row stays as a tombstone with its text emptied, so pages and replies to it
 * keep their places). A memory item remembers the persona reply whose exchange it was taken from ('' for one a
 * person wrote, or one older than this migration), so deleting a message can forget what was learnt from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumnWithDefault(db, 'messages', 'edited_at', 'text', '');
  await addColumnWithDefault(db, 'messages', 'deleted', 'integer', 0);
  await addColumnWithDefault(db, 'memory_items', 'source_message_id', 'text', '');
  await indexOn(db, 'memory_items_source_idx', 'memory_items', ['source_message_id']).execute();

  // One row per person, emoji and message: a toggle is an insert or a delete, and a count is a group by.
  await db.schema
    .createTable('message_reactions')
    .addColumn('message_id', 'text', cascadeTo('messages'))
    .addColumn('user_id', 'text', cascadeTo('users'))
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reactions_pk', ['message_id', 'emoji', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_reactions').execute();
  await db.schema.dropIndex('memory_items_source_idx').execute();
  await db.schema.alterTable('memory_items').dropColumn('source_message_id').execute();
  await db.schema.alterTable('messages').dropColumn('deleted').execute();
  await db.schema.alterTable('messages').dropColumn('edited_at').execute();
}
