import { sql, type Kysely } from 'kysely';
import { matchesAsPrefix } from '../../../contracts/search.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { hasPerson, otherPerson } from '../../db/conversation-sides.js';
import { hiddenFrom } from '../safety/blocks.repository.js';

/** What an index entry is: a message, a saved note or prompt, a discussion's topic or one of its turns. */
export type EntryKind = 'message' | 'action' | 'discussion' | 'turn';

/** An entry that matched, with its searched text (the service ranks candidates by it). */
export interface SearchCandidate {
  kind: EntryKind;
  ref: string;
  body: string;
}

/** FTS5 owner token of a user, as migration 019's triggers write it. */
const ownerToken = (userId: string) => `o${userId.replaceAll('-', '')}`;

/**
 * An FTS5 query: the reader's owner token AND every word (as a prefix of a body word from 3 characters on).
 * Words are runs of letters and digits (searchWords), so quoting them is all the escaping they need.
 */
function ftsQuery(ownerIds: readonly string[], words: readonly string[]): string {
  const terms = words.map((word) => (matchesAsPrefix(word) ? `"${word}"*` : `"${word}"`)).join(' AND ');
  const owners = ownerIds.map((id) => `"${ownerToken(id)}"`).join(' OR ');
  return `owners : (${owners}) AND body : (${terms})`;
}

/** Rooms whose messages one search looks in at most (the latest joined first). */
const ROOMS_SEARCHED = 500;

/** The PostgreSQL tsquery of the same search. */
const tsQuery = (words: readonly string[]) =>
  words.map((word) => (matchesAsPrefix(word) ? `${word}:*` : word)).join(' & ');

/**
 * How many matches are ranked, newest first. Ranking needs each candidate's text, and on SQLite FTS5's own bm25
 * first counts every entry holding each word (20 ms for a word in most of a million messages): a word in more
 * of someone's entries than this has its best matches found among the newest this many.
 */
const RANKED_CANDIDATES = 300;

/**
 * SQLite: one FTS5 search, newest entries first (rowids grow with time), then each entry's text by key. A room's
 * messages carry the room's own owner token (its conversation names the room as both sides): the reader's rooms,
 * present and past, are searched with their own token; which of their messages the reader may read is checked
 * when the rows are read (`messages`).
 */
async function sqliteCandidates(db: Kysely<Database>, userId: string, words: readonly string[]) {
  const rooms = await roomsOf(db, userId);
  return sql<SearchCandidate>`
    select r.kind as kind, r.ref as ref,
      coalesce(m.text, a.title || ' ' || a.memory, d.topic, t.text, '') as body
    from (
      select rowid from search_text where search_text match ${ftsQuery([userId, ...rooms], words)}
      order by rowid desc limit ${RANKED_CANDIDATES}
    ) newest
    join search_rows r on r.search_rowid = newest.rowid
    left join messages m on r.kind = 'message' and m.id = r.ref
    left join actions a on r.kind = 'action' and a.id = r.ref
    left join discussions d on r.kind = 'discussion' and d.id = r.ref
    left join discussion_turns t on r.kind = 'turn' and t.id = r.ref
    order by newest.rowid desc`.execute(db);
}

/**
 * PostgreSQL: each table's GIN index, only the rows the reader may read, the newest RANKED_CANDIDATES of all
 * (ids are UUIDv7: newer sorts later).
 */
function postgresCandidates(db: Kysely<Database>, userId: string, words: readonly string[]) {
  const query = sql`to_tsquery('simple', ${tsQuery(words)})`;
  const newest = (id: string) => sql`order by ${sql.raw(id)} desc limit ${RANKED_CANDIDATES}`;
  return sql<SearchCandidate>`
    with q as (select ${query} as q)
    select kind, ref, body from (
      (select 'message' as kind, m.id as ref, m.text as body
        from q, conversations c join messages m on m.conversation_id = c.id
        where (c.user_low = ${userId} or c.user_high = ${userId}) and m.search_vector @@ q.q ${newest('m.id')})
      union all
      (select 'message', m.id, m.text
        from q, room_members rm join messages m on m.conversation_id = rm.room_id
        where rm.member_id = ${userId} and m.created_at >= rm.joined_at
          and (rm.left_at = '' or m.created_at <= rm.left_at) and m.search_vector @@ q.q ${newest('m.id')})
      union all
      (select 'action', a.id, a.title || ' ' || a.memory
        from q, actions a where a.user_id = ${userId} and a.search_vector @@ q.q ${newest('a.id')})
      union all
      (select 'discussion', d.id, d.topic
        from q, discussions d where d.user_id = ${userId} and d.search_vector @@ q.q ${newest('d.id')})
      union all
      (select 'turn', t.id, t.text
        from q, discussions d join discussion_turns t on t.discussion_id = d.id
        where d.user_id = ${userId} and t.search_vector @@ q.q ${newest('t.id')})
    ) matches
    order by ref desc
    limit ${RANKED_CANDIDATES}`.execute(db);
}

/** The rooms a person is or was in, the latest joined first. */
async function roomsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('roomMembers')
    .select('roomId')
    .where('memberId', '=', userId)
    .orderBy('joinedAt', 'desc')
    .limit(ROOMS_SEARCHED)
    .execute();
  return rows.map((row) => row.roomId);
}

/** Search's reads: the matching entries, then the rows they name (each read checks the reader again). */
export function searchRepository({ kysely: db, engine }: Db) {
  return {
    /** The newest RANKED_CANDIDATES entries `userId` may read holding every word (as a word's beginning). */
    async candidates(userId: string, words: readonly string[]): Promise<SearchCandidate[]> {
      const find = engine === 'postgres' ? postgresCandidates : sqliteCandidates;
      return (await find(db, userId, words)).rows;
    },

    /**
     * These messages, where `userId` is in their conversation, with sender and the other participant; none
     * with someone `userId` blocked or with a persona of theirs.
     */
    messages(userId: string, ids: readonly string[]) {
      return db
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversationId')
        .innerJoin('users as sender', 'sender.id', 'm.senderId')
        .innerJoin('users as other', (join) => join.on('other.id', '=', otherPerson(userId)))
        .select([
          'm.id',
          'm.text',
          'm.createdAt',
          'sender.username as sender',
          'sender.deletedAt as senderDeletedAt',
          'other.id as otherId',
          'other.username as otherUsername',
        ])
        .where('m.id', 'in', ids)
        .where(hasPerson(userId))
        .where((eb) => eb.not(hiddenFrom(userId, 'other')))
        .execute();
    },

    /** These messages of rooms `userId` is or was in, written while they were in it, with sender and room. */
    roomMessages(userId: string, ids: readonly string[]) {
      return db
        .selectFrom('messages as m')
        .innerJoin('roomMembers as rm', (join) =>
          join.onRef('rm.roomId', '=', 'm.conversationId').on('rm.memberId', '=', userId),
        )
        .innerJoin('rooms as r', 'r.id', 'm.conversationId')
        .innerJoin('users as sender', 'sender.id', 'm.senderId')
        .select([
          'm.id',
          'm.text',
          'm.createdAt',
          'sender.username as sender',
          'sender.deletedAt as senderDeletedAt',
          'r.id as roomId',
          'r.name as roomName',
        ])
        .where('m.id', 'in', ids)
        .whereRef('m.createdAt', '>=', 'rm.joinedAt')
        .where((eb) => eb.or([eb('rm.leftAt', '=', ''), eb('m.createdAt', '<=', eb.ref('rm.leftAt'))]))
        .execute();
    },

    /** These saved items of `userId`. */
    actions(userId: string, ids: readonly string[]) {
      return db
        .selectFrom('actions')
        .select(['id', 'type', 'title', 'memory', 'updatedAt'])
        .where('id', 'in', ids)
        .where('userId', '=', userId)
        .execute();
    },

    /** These discussions of `userId`. */
    discussions(userId: string, ids: readonly string[]) {
      return db
        .selectFrom('discussions')
        .select(['id', 'topic', 'createdAt'])
        .where('id', 'in', ids)
        .where('userId', '=', userId)
        .execute();
    },

    /** These turns of `userId`'s discussions, with the topic and who spoke; none by a hidden persona. */
    turns(userId: string, ids: readonly string[]) {
      return db
        .selectFrom('discussionTurns as t')
        .innerJoin('discussions as d', 'd.id', 't.discussionId')
        .innerJoin('users as speaker', 'speaker.id', 't.speakerId')
        .select(['t.id', 't.text', 't.createdAt', 't.discussionId', 'd.topic', 'speaker.username as speaker'])
        .where('t.id', 'in', ids)
        .where('d.userId', '=', userId)
        .where((eb) => eb.not(hiddenFrom(userId, 'speaker')))
        .execute();
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
