/**
 * A data archive of 100,000 messages must not stop the server (issue 42): the real server as its own process
 * (SQLite, or PostgreSQL with TEST_DATABASE_URL) writes one person's archive while another person's tab keeps
 * calling the API (GET /api/users/me every 10 ms, as a busy chat does). The probe's latency during the archive
 * is compared with the same probe on the same server with no archive running, interleaved (archive, idle,
 * archive, idle…). Budgets: the probe's p99 while archiving, the archive's time, and its throughput.
 */
import { openDatabase } from '../src/server/db/database.js';
import { newId, nowIso } from '../src/server/lib/ids.js';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.js';
import { benchDatabase } from './lib/bench-database.js';
import { loadAverage } from './lib/process-stats.js';
import { seedPeople } from './lib/seed.js';
import { budgetLine, interleaved, percentile, spread } from './lib/stats.js';

const MESSAGES = 100_000;
const PROBE_EVERY_MS = 10;
const BATCH = 500;
/** The archive rate limit allows three a person in ten minutes: one round each. */
const ROUNDS = 3;

interface Probed {
  p99: number;
  max: number;
}

/** Probes `GET /api/users/me` every PROBE_EVERY_MS until `until` settles; the latencies' p99 and max. */
async function probeWhile(baseUrl: string, cookie: string, until: Promise<unknown>): Promise<Probed> {
  const timings: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/users/me`, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`probe: HTTP ${res.status}`);
    const took = performance.now() - t0;
    timings.push(took);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, PROBE_EVERY_MS - took)));
  }
  timings.sort((a, b) => a - b);
  return { p99: percentile(timings, 99), max: timings.at(-1) ?? 0 };
}

/** Downloads the archive; its size in bytes. */
async function download(baseUrl: string, cookie: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/users/me/archive`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`archive: HTTP ${res.status} ${await res.text()}`);
  return (await res.arrayBuffer()).byteLength;
}

/** Runs the archive benchmark; true when every budget holds. */
export async function runArchiveBench(): Promise<boolean> {
  const db = await benchDatabase();
  let app: ServerProcess | undefined;
  try {
    const [owner, prober] = await seedPeople(db.database, 2, [[0, 1]], 'archive');
    if (!owner || !prober) throw new Error('seeding people failed');
    const seeded = openDatabase(db.database);
    try {
      const { id: conversationId } = await seeded.kysely
        .selectFrom('conversations')
        .select('id')
        .executeTakeFirstOrThrow();
      for (let start = 0; start < MESSAGES; start += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, MESSAGES - start) }, (_, i) => ({
          id: newId(),
          conversationId,
          senderId: (start + i) % 2 === 0 ? owner.userId : prober.userId,
          text: `Message ${start + i}: a sentence of ordinary length, as people write to each other.`,
          createdAt: nowIso(),
        }));
        await seeded.kysely.insertInto('messages').values(rows).execute();
      }
    } finally {
      await seeded.kysely.destroy();
    }
    app = await startServerProcess({ ...db.env, AI_PROVIDER: 'off', LOG_LEVEL: 'warn' });
    const { baseUrl } = app;
    console.log(
      `engine: ${db.database.kind}; ${MESSAGES} messages in one conversation; load ${loadAverage()}`,
    );

    const archiveSeconds: number[] = [];
    const megabytesPerSecond: number[] = [];
    const { a: busy, b: idle } = await interleaved(
      async () => {
        const t0 = performance.now();
        const archived = download(baseUrl, owner.cookie);
        const probed = await probeWhile(baseUrl, prober.cookie, archived);
        const bytes = await archived;
        const seconds = (performance.now() - t0) / 1000;
        archiveSeconds.push(seconds);
        megabytesPerSecond.push(bytes / 1024 / 1024 / seconds);
        return probed;
      },
      // The same probing for as long as the last archive took, with nothing else running.
      () => {
        const quiet = new Promise((resolve) => setTimeout(resolve, (archiveSeconds.at(-1) ?? 1) * 1000));
        return probeWhile(baseUrl, prober.cookie, quiet);
      },
      ROUNDS,
    );
    const ratio = busy.map((round, i) => round.p99 / Math.max(1, idle[i]?.p99 ?? 1));
    console.log(`  probe p99 idle: ${idle.map((r) => r.p99.toFixed(1)).join(', ')} ms`);
    console.log(`  probe max while archiving: ${busy.map((r) => r.max.toFixed(1)).join(', ')} ms`);
    console.log(`  probe p99 while archiving / idle: ${ratio.map((r) => r.toFixed(2)).join(', ')}`);
    const results = [
      budgetLine(
        'probe p99 while a 100,000-message archive is written (ms)',
        spread(busy.map((r) => r.p99)),
        {
          atMost: 50,
        },
      ),
      budgetLine('archive of 100,000 messages (s)', spread(archiveSeconds), { atMost: 15 }),
      budgetLine('archive throughput (MB/s)', spread(megabytesPerSecond), { atLeast: 0.5 }),
    ];
    return results.every(Boolean);
  } finally {
    await app?.stop();
    await db.drop();
  }
}
