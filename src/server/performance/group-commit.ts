import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

export type GroupWork<T> = (trx: Transaction<Database>) => Promise<T>;

interface Job {
  work: GroupWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommit {
  /** Runs `work` in a transaction shared with the writes that arrived with it; settles after the commit. */
  run<T>(work: GroupWork<T>): Promise<T>;
}

/**
 * Group commit: writes that arrive within one turn of the event loop run in one transaction, and each
 * caller hears back only after that transaction committed, so an acknowledgement still means "stored".
 * One commit per batch instead of one per message is what makes a busy chat cheap (on PostgreSQL it also
 * saves a round trip and a WAL flush per message). A write that fails takes its batch down with it; the
 * batch is then retried one write at a time, so only the failing write's caller sees the error.
 */
export function groupCommit(
  db: Kysely<Database>,
  /** While the SQLite checkpointer catches up, what to await before the next transaction (Db.writerPause). */
  writerPause: () => Promise<void> | undefined = () => undefined,
  maxBatch = 256,
): GroupCommit {
  let queue: Job[] = [];
  let running = false;

  async function commit(batch: Job[]): Promise<void> {
    try {
      const results = await db.transaction().execute(async (trx) => {
        const out: unknown[] = [];
        for (const job of batch) out.push(await job.work(trx));
        return out;
      });
      batch.forEach((job, i) => job.resolve(results[i]));
    } catch (error) {
      if (batch.length === 1) return batch[0]?.reject(error);
      for (const job of batch) await commit([job]);
    }
  }

  async function drain(): Promise<void> {
    running = true;
    while (queue.length) {
      const paused = writerPause();
      if (paused) await paused;
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      await commit(batch);
    }
    running = false;
  }

  return {
    run<T>(work: GroupWork<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        // setImmediate runs after the I/O callbacks of this turn, so requests that arrived together batch.
        if (!running && queue.length === 1) setImmediate(() => void drain());
      });
    },
  };
}
