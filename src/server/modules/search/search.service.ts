import { searchWords, type SearchQuery, type SearchResult } from '../../../contracts/search.js';
import { DELETED_ACCOUNT_NAME } from '../../../contracts/my-data.js';
import type { UserRow } from '../../db/schema.js';
import { excerptOf } from './excerpt.js';
import { bestMatches } from './rank.js';
import type { MessageIndex } from './message-index.js';
import type { EntryKind, SearchRepository } from './search.repository.js';

type Loaded = Map<string, SearchResult>;

/**
 * Search over what the reader may read; results in the index's order, each with its excerpt marked. `messages`
 * (SQLite) indexes messages in batches, completed before each search.
 */
export function searchService(repo: SearchRepository, messages?: Pick<MessageIndex, 'catchUp'>) {
  /** The rows behind the matches, read kind by kind (a handful of primary-key lookups each). */
  async function load(readerId: string, refs: Map<EntryKind, string[]>, words: string[]): Promise<Loaded> {
    const loaded: Loaded = new Map();
    const shown = (text: string) => excerptOf(text, words);
    /** Reads the rows of one kind that matched, if any did, and keeps each as the result it shows. */
    async function read<R extends { id: string }>(
      kind: EntryKind,
      rows: (readerId: string, ids: string[]) => Promise<R[]>,
      toResult: (row: R) => SearchResult,
    ): Promise<void> {
      const ids = refs.get(kind) ?? [];
      if (ids.length === 0) return;
      for (const row of await rows(readerId, ids)) loaded.set(`${kind}:${row.id}`, toResult(row));
    }

    const byWhom = (m: { sender: string; senderDeletedAt: string }) =>
      m.senderDeletedAt === '' ? `@${m.sender}` : DELETED_ACCOUNT_NAME;
    await read('message', repo.messages, (m) => ({
      kind: 'message',
      _id: m.id,
      title: byWhom(m),
      at: m.createdAt,
      chatWith: { _id: m.otherId, username: m.otherUsername },
      ...shown(m.text),
    }));
    // A message id is a DM's or a room's: ids the DMs' read did not find may be room messages.
    const roomRefs = (refs.get('message') ?? []).filter((id) => !loaded.has(`message:${id}`));
    if (roomRefs.length > 0)
      for (const m of await repo.roomMessages(readerId, roomRefs))
        loaded.set(`message:${m.id}`, {
          kind: 'message',
          _id: m.id,
          title: byWhom(m),
          at: m.createdAt,
          room: { _id: m.roomId, name: m.roomName },
          ...shown(m.text),
        });
    await read('action', repo.actions, (a) => ({
      kind: a.type,
      _id: a.id,
      title: a.title,
      at: a.updatedAt,
      ...shown(a.memory),
    }));
    await read('discussion', repo.discussions, (d) => ({
      kind: 'discussion',
      _id: d.id,
      title: d.topic,
      at: d.createdAt,
      ...shown(d.topic),
    }));
    await read('turn', repo.turns, (t) => ({
      kind: 'discussion',
      _id: t.discussionId,
      turnId: t.id,
      title: t.topic,
      at: t.createdAt,
      ...shown(`@${t.speaker}: ${t.text}`),
    }));
    return loaded;
  }

  return {
    /** The reader's best matches for the query's words. */
    async search(reader: UserRow, query: Required<Pick<SearchQuery, 'q'>> & { limit: number }) {
      const words = searchWords(query.q);
      await messages?.catchUp();
      const matches = bestMatches(await repo.candidates(reader.id, words), words, query.limit);
      const refs = new Map<EntryKind, string[]>();
      for (const { kind, ref } of matches) refs.set(kind, [...(refs.get(kind) ?? []), ref]);
      const loaded = await load(reader.id, refs, words);
      // A row deleted between the two reads is simply left out.
      return matches.flatMap(({ kind, ref }) => loaded.get(`${kind}:${ref}`) ?? []);
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
