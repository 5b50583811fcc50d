import { sql, type Kysely } from 'kysely';
import { isPostgres } from './engine.js';

/**
 * A message whose text changes (a moderator removes it; later, an edit) is searched by its new text only. Migration
 * 019 gave messages no update trigger, since they were never edited, so on SQLite the old words stayed in the index
 * and still found the message. Now a change of text takes the old entry out and queues the message to be indexed
 * again (search_pending, as a new message is). PostgreSQL's generated search column follows the text by itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create trigger messages_search_update after update of text on messages begin
      delete from search_text where rowid = (select search_rowid from search_rows where kind = 'message' and ref = old.id);
      delete from search_rows where kind = 'message' and ref = old.id;
      insert or ignore into search_pending (ref) values (new.id);
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop trigger messages_search_update`.execute(db);
}
