import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Messages indexed in one transaction. FTS5 writes a segment per transaction, so its cost per message falls with
 * the batch (about 65 µs in a send's group commit of 16, 14 µs among a thousand); a thousand takes a few
 * milliseconds of the event loop, a short enough pause for everyone's chat.
 */
const BATCH = 1_000;

/** How long a sent message may wait for its batch when nobody searches. */
export const MESSAGE_INDEX_DELAY_MS = 250;

/** Each message's owner tokens, as migration 019 writes them: one per participant. */
const OWNERS = sql.raw(`'o' || replace(c.user_low, '-', '') || ' o' || replace(c.user_high, '-', '')`);

/** Moves up to `limit` waiting messages (oldest first) into search_text; says how many it moved. */
async function indexSome(db: Kysely<Database>, limit: number): Promise<number> {
  // Looked at outside a transaction first: a search finds nothing waiting far more often than not.
  const any = await sql`select 1 from search_pending limit 1`.execute(db);
  if (any.rows.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      ref: string;
    }>`select ref from search_pending order by ref limit ${limit}`.execute(trx);
    const refs = JSON.stringify(rows.map((row) => row.ref));
    await sql`insert into search_rows (kind, ref) select 'message', value from json_each(${refs})`.execute(
      trx,
    );
    await sql`insert into search_text (rowid, body, owners)
      select r.search_rowid, nfkc(m.text), ${OWNERS}
      from json_each(${refs}) j
      join search_rows r on r.kind = 'message' and r.ref = j.value
      join messages m on m.id = j.value
      join conversations c on c.id = m.conversation_id`.execute(trx);
    await sql`delete from search_pending where ref in (select value from json_each(${refs}))`.execute(trx);
    return rows.length;
  });
}

/** Indexes every message waiting, a batch a transaction, letting other work run between batches. */
export async function indexWaitingMessages(db: Kysely<Database>): Promise<void> {
  while ((await indexSome(db, BATCH)) === BATCH) await new Promise((resolve) => setImmediate(resolve));
}

export interface MessageIndex {
  /** Settles once every message committed before the call is searchable. */
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * SQLite: the batches that keep messages searchable (migration 019 queues each in its send's transaction).
 * A timer indexes what waits; a search first catches up, so it never misses a committed message.
 */
export function messageIndex(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  delayMs = MESSAGE_INDEX_DELAY_MS,
): MessageIndex {
  // One drain at a time, each after the one before: a drain that already chose its batch may miss messages
  // committed since, so a catch-up waits for it and then runs its own.
  let last: Promise<void> = Promise.resolve();
  let timerDrainQueued = false;
  const drain = () => {
    const next = last.then(() => indexWaitingMessages(db));
    last = next.catch(() => {});
    return next;
  };
  const timer = setInterval(() => {
    if (timerDrainQueued) return;
    timerDrainQueued = true;
    drain()
      .catch((err: unknown) =>
        log.warn({ err }, 'indexing messages for search failed; the next search retries'),
      )
      .finally(() => (timerDrainQueued = false));
  }, delayMs);
  timer.unref();
  return {
    catchUp: drain,
    async close() {
      clearInterval(timer);
      await last;
    },
  };
}
