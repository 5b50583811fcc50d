/**
 * The search benchmark's messages: 1,000,000 of them, written straight into the tables (the triggers queue each
 * for the search index as a send's would), then indexed in the server's batches. Words follow a Zipf law over a 20,000-word vocabulary (a few very common words, a
 * long tail of rare ones), as in real chat. The searchers are heavy users: each reads 25,000 messages.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/server/db/schema.js';
import { orderedPair } from '../src/server/modules/messages/messages.repository.js';
import { indexWaitingMessages } from '../src/server/modules/search/message-index.js';
import { newId, nowIso } from '../src/server/lib/ids.js';
import { seededRandom } from '../test/support/seeded-random.js';

export const CORPUS = {
  messages: 1_000_000,
  /** People who only write (no session), and talk among themselves too. */
  others: 1_000,
  conversationsPerSearcher: 50,
  messagesPerConversation: 500,
  vocabulary: 20_000,
} as const;

/** Common English words first, so the head of the Zipf law reads like chat; then made-up words. */
const HEAD =
  'the and you to it is that of in for on my me we this be have are was with not but what so just'.split(' ');
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ze',
  'po',
  'da',
  'fe',
  'gi',
  'hu',
  'ja',
  'xo',
];

/** The i-th word of the vocabulary: rank 0 is the most common. */
export function vocabularyWord(rank: number): string {
  const head = HEAD[rank];
  if (head) return head;
  let n = rank;
  let word = '';
  do {
    word += SYLLABLES[n % SYLLABLES.length] ?? 'ka';
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0);
  return `${word}r`;
}

/** Draws word ranks with probability ∝ 1 / (rank + 1), by inverting the cumulative sum. */
function zipf(random: () => number, size: number): () => number {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let rank = 0; rank < size; rank += 1) {
    total += 1 / (rank + 1);
    cumulative[rank] = total;
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? 0) < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

const BATCH = 1_000;

/**
 * Writes the corpus: each searcher's conversations with `others` people, then conversations among the others
 * until there are CORPUS.messages messages. Returns how long the writes took.
 */
export async function writeCorpus(db: Kysely<Database>, searcherIds: readonly string[]): Promise<number> {
  const started = performance.now();
  const random = seededRandom(16);
  const nextRank = zipf(random, CORPUS.vocabulary);
  const now = nowIso();
  const others = Array.from({ length: CORPUS.others }, (_, i) => ({
    id: newId(),
    name: `Writer ${i}`,
    username: `writer_${i}`,
    email: `writer_${i}@example.invalid`,
    passwordHash: '!bench',
    createdAt: now,
    updatedAt: now,
  }));
  for (let i = 0; i < others.length; i += BATCH) {
    await db
      .insertInto('users')
      .values(others.slice(i, i + BATCH))
      .execute();
  }
  const otherId = (i: number) => others[i % others.length]?.id ?? '';
  const pairs: [string, string][] = [];
  searcherIds.forEach((searcher, s) => {
    for (let c = 0; c < CORPUS.conversationsPerSearcher; c += 1) pairs.push([searcher, otherId(s * 97 + c)]);
  });
  const searcherMessages = pairs.length * CORPUS.messagesPerConversation;
  const restConversations = Math.ceil((CORPUS.messages - searcherMessages) / CORPUS.messagesPerConversation);
  const taken = new Set(pairs.map(([a, b]) => [a, b].sort().join('/')));
  const wanted = pairs.length + restConversations;
  for (let c = 0; pairs.length < wanted; c += 1) {
    const a = otherId(c);
    const b = otherId(Math.floor(c / others.length) + c * 7 + 1);
    const key = [a, b].sort().join('/');
    if (a === b || taken.has(key)) continue;
    taken.add(key);
    pairs.push([a, b]);
  }

  let written = 0;
  for (const [a, b] of pairs) {
    const conversationId = newId();
    await db
      .insertInto('conversations')
      .values({ id: conversationId, ...orderedPair(a, b), createdAt: now, updatedAt: now })
      .execute();
    const count = Math.min(CORPUS.messagesPerConversation, CORPUS.messages - written);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, count - i) }, (_, j) => {
          const length = 4 + Math.floor(random() * 14);
          const text = Array.from({ length }, () => vocabularyWord(nextRank())).join(' ');
          return { id: newId(), conversationId, senderId: (i + j) % 2 ? a : b, text, createdAt: now };
        });
        await trx.insertInto('messages').values(rows).execute();
      }
    });
    written += count;
  }
  await indexWaitingMessages(db);
  await sql`analyze`.execute(db);
  return performance.now() - started;
}
