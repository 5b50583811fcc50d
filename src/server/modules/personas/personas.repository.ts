import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, UserPatch, UserRow } from '../../db/schema.js';
import { hiddenFrom } from '../safety/blocks.repository.js';

export interface DirectoryFilter {
  q?: string;
  tag?: string;
  createdBy?: string;
  /** The last username of the previous page. */
  after?: string;
  limit: number;
  /** A viewer who blocked someone: that person's personas are left out (set only then, so others pay nothing). */
  hiddenFor?: string;
  /** A viewer who has not chosen to see mature personas gets general ones only. */
  generalOnly?: boolean;
}

/**
 * A trigram index finds substrings of 3 or more characters; a shorter term has no trigram to look up, so it matches
 * the start of a username instead (through the username index), never a scan.
 */
const TRIGRAM_CHARACTERS = 3;

/**
 * SQLite: above this many trigram matches a term is common, and walking personas in username order (checking each
 * row) finds a page sooner than sorting every match; at most this many matches are sorted. With 100,000 personas
 * both costs stay at a few milliseconds on the event loop (docs/archive/performance-diary-2026.md, Directory).
 */
export const FEW_MATCHES = 2000;

/** Escapes LIKE wildcards so a search for "50%" means those characters. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const isShort = (term: string) => [...term].length < TRIGRAM_CHARACTERS;

/** The search as today's users see it: a substring of name, username or bio, regardless of (ASCII) case. */
function substringOf(term: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(term)}%`;
  // Raw because LIKE ... ESCAPE is not in Kysely's operator set; the pattern is still a bound parameter.
  return sql<SqlBool>`(lower(${sql.ref('users.name')}) like ${pattern} escape '\\' or ${sql.ref('users.username')} like ${pattern} escape '\\' or lower(${sql.ref('users.bio')}) like ${pattern} escape '\\')`;
}

/** A 1–2 character term: usernames that start with it (persona usernames are lowercase letters and digits). */
function usernamePrefix(engine: Db['engine'], term: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'users'>();
  // PostgreSQL compares text by collation, where a range is not a prefix; its trigram index serves 'ab%'.
  if (engine === 'postgres')
    return sql<SqlBool>`${sql.ref('users.username')} like ${`${escapeLike(term)}%`} escape '\\'`;
  // SQLite compares code points: a prefix is a range of the username index; U+10FFFF sorts after every character.
  return eb.and([eb('users.username', '>=', term), eb('users.username', '<', `${term}\u{10FFFF}`)]);
}

/** Every condition of a directory page, the search included; columns qualified for joins with the index. */
function conditions(engine: Db['engine'], filter: DirectoryFilter, term: string | undefined) {
  const eb = expressionBuilder<Database, 'users'>();
  const all: Expression<SqlBool>[] = [eb('users.isAi', '=', 1), eb('users.isFrozen', '=', 0)];
  if (filter.tag) all.push(eb('users.tag', '=', filter.tag));
  if (filter.createdBy) all.push(eb('users.createdByUsername', '=', filter.createdBy));
  if (filter.after) all.push(eb('users.username', '>', filter.after));
  if (filter.hiddenFor) all.push(eb.not(hiddenFrom(filter.hiddenFor, 'users')));
  if (filter.generalOnly) all.push(eb('users.rating', '=', 'general'));
  if (term) all.push(isShort(term) ? usernamePrefix(engine, term) : substringOf(term));
  return eb.and(all);
}

/**
 * The statements one directory page may run, exported so a test can check every one's query plan:
 * `walk` follows the index that matches the filter in username order; on SQLite a search of 3+ characters also has
 * `probe` (are there more than FEW_MATCHES trigram matches, in the tab if one is chosen?) and `trigram` (only the
 * matching rows, then sorted).
 */
export function directoryQueries({ kysely: db, engine }: Db, filter: DirectoryFilter) {
  const term = filter.q?.toLowerCase();
  const where = conditions(engine, filter, term);
  const walk = db
    .selectFrom('users')
    .selectAll('users')
    .where(where)
    .orderBy('users.username')
    .limit(filter.limit + 1);
  if (engine === 'postgres' || !term || isShort(term)) return { walk };
  // FTS5 phrases: with the trigram tokenizer, the term as a substring of name, username or bio, and in a tab
  // its `{tag}` (migration 021), so the matches are counted and sorted within the tab, never walked through it.
  const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
  const inText = `{name username bio} : ${quoted(term)}`;
  const phrase = filter.tag ? `${inText} AND tag : ${quoted(`{${filter.tag}}`)}` : inText;
  const probe = db
    .selectFrom(
      db
        .selectFrom('personaSearch')
        .select('rowid')
        .where(sql.ref('personaSearch'), 'match', phrase)
        .limit(FEW_MATCHES + 1)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'));
  // The matches' (small) mapping rows are sorted by username first; users rows are then read by id in that order
  // only until the page is full. CROSS JOIN fixes SQLite's join order (never a walk of users), and LIMIT -1 (no
  // limit) keeps SQLite from flattening the sorted subquery into the join. The LIKE in `where` stays as the exact
  // check, so results are what the substring scan returned.
  let matches = db
    .selectFrom('personaSearch')
    .crossJoin('personaSearchRows')
    .select(['personaSearchRows.userId', 'personaSearchRows.username'])
    .where(sql.ref('personaSearch'), 'match', phrase)
    .whereRef('personaSearchRows.searchRowid', '=', 'personaSearch.rowid');
  if (filter.after) matches = matches.where('personaSearchRows.username', '>', filter.after);
  const trigram = db
    .selectFrom(matches.orderBy('personaSearchRows.username').limit(-1).as('matches'))
    .crossJoin('users')
    .selectAll('users')
    .whereRef('users.id', '=', 'matches.userId')
    .where(where)
    .orderBy('matches.username')
    .limit(filter.limit + 1);
  return { walk, probe, trigram };
}

/** Persona rows (users with is_ai = 1); queries only. */
export function personasRepository(database: Db) {
  const db: Kysely<Database> = database.kysely;
  return {
    /** One page of the directory in username order; asks for one extra row to know if more follow. */
    async directory(filter: DirectoryFilter): Promise<UserRow[]> {
      const { walk, probe, trigram } = directoryQueries(database, filter);
      if (!probe || !trigram) return walk.execute();
      const { n } = await probe.executeTakeFirstOrThrow();
      const common = Number(n) > FEW_MATCHES;
      return common ? walk.execute() : trigram.execute();
    },

    countCreatedBy(username: string): Promise<number> {
      return db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('createdByUsername', '=', username)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },

    async update(id: string, patch: UserPatch): Promise<UserRow> {
      await db.updateTable('users').set(patch).where('id', '=', id).execute();
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },
  };
}

export type PersonasRepository = ReturnType<typeof personasRepository>;
