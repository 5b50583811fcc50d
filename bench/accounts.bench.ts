/**
 * Latency budgets for the account API, measured over real HTTP against a real database.
 * Run with `npm run bench` (SQLite) or with TEST_DATABASE_URL set (PostgreSQL). Exits 1 over budget.
 */
import { buildUser } from '../src/server/test/factories.js';
import { startTestServer } from '../src/server/test/test-server.js';

interface Budget {
  name: string;
  requests: number;
  concurrency: number;
  p95Ms: number;
  run: () => Promise<number>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(budget: Budget) {
  const timings: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < budget.requests) {
      next += 1;
      const t0 = performance.now();
      const status = await budget.run();
      if (status >= 400) throw new Error(`${budget.name}: HTTP ${status}`);
      timings.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: budget.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), rps: timings.length / seconds };
}

/** Runs the account API benchmark; true when every budget holds. */
export async function runAccountsBench(): Promise<boolean> {
  const server = await startTestServer();
  try {
    const me = await buildUser(server.client());
    const people = await Promise.all(Array.from({ length: 50 }, () => buildUser(server.client())));
    let i = 0;
    const budgets: Budget[] = [
      {
        name: 'GET /api/users/me',
        requests: 2000,
        concurrency: 20,
        p95Ms: 25,
        run: async () => (await me.client.get('/api/users/me')).status,
      },
      {
        name: 'GET /api/users/profile/:username',
        requests: 2000,
        concurrency: 20,
        p95Ms: 25,
        run: async () =>
          (await me.client.get(`/api/users/profile/${people[i++ % people.length]?.user.username}`)).status,
      },
      {
        name: 'POST /api/users/login (argon2id)',
        requests: 100,
        concurrency: 4,
        p95Ms: 400,
        run: async () =>
          (
            await server
              .client()
              .post('/api/users/login', { username: me.user.username, password: me.password })
          ).status,
      },
    ];
    let over = 0;
    console.log(`engine: ${server.testDb.db.engine}`);
    for (const budget of budgets) {
      const r = await measure(budget);
      const ok = r.p95 <= budget.p95Ms;
      if (!ok) over += 1;
      console.log(
        `${ok ? 'ok  ' : 'OVER'} ${budget.name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (budget ${budget.p95Ms} ms), ${r.rps.toFixed(0)} req/s`,
      );
    }
    return over === 0;
  } finally {
    await server.close();
  }
}
