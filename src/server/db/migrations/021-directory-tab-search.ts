import { sql, type Kysely } from 'kysely';
import * as directorySearch from './011-directory-search.js';
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
  for (const trigger of ['insert', 'update', 'delete']) {
    await sql`drop trigger users_persona_search_${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table persona_search`.execute(db);
  await sql`create virtual table persona_search using fts5(name, username, bio, tag, tokenize = 'trigram')`.execute(
    db,
  );
  const tab = (row: string) => sql.raw(`'{' || coalesce(${row}.tag, '') || '}'`);
  await sql`
    create trigger users_persona_search_insert after insert on users when new.is_ai = 1 begin
      insert into persona_search_rows (user_id, username) values (new.id, new.username);
      insert into persona_search (rowid, name, username, bio, tag)
        select search_rowid, new.name, new.username, new.bio, ${tab('new')} from persona_search_rows
        where user_id = new.id;
    end`.execute(db);
  // Delete and insert again, so a change of is_ai (no call does that today) is covered too.
  await sql`
    create trigger users_persona_search_update after update of name, username, bio, tag, is_ai on users begin
      delete from persona_search
        where rowid = (select search_rowid from persona_search_rows where user_id = old.id);
      delete from persona_search_rows where user_id = old.id;
      insert into persona_search_rows (user_id, username) select new.id, new.username where new.is_ai = 1;
      insert into persona_search (rowid, name, username, bio, tag)
        select search_rowid, new.name, new.username, new.bio, ${tab('new')} from persona_search_rows
        where user_id = new.id;
    end`.execute(db);
  await sql`
    create trigger users_persona_search_delete after delete on users when old.is_ai = 1 begin
      delete from persona_search
        where rowid = (select search_rowid from persona_search_rows where user_id = old.id);
      delete from persona_search_rows where user_id = old.id;
    end`.execute(db);
  await sql`
    insert into persona_search (rowid, name, username, bio, tag)
      select r.search_rowid, u.name, u.username, u.bio, ${tab('u')}
      from persona_search_rows r join users u on u.id = r.user_id`.execute(db);
}

/** Back to migration 011's index, built again from the personas as they are now. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await directorySearch.down(db);
  await directorySearch.up(db);
}
