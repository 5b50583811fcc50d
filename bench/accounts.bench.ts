/**
 * Latency budgets for the account API: the real server as its own process (SQLite, or PostgreSQL when
 * TEST_DATABASE_URL is set), driven over keep-alive HTTP from this process, with a bare Fastify hello-world
 * under the same load in the same run, interleaved (app, bare, app, bare…). The budgets are p95 latencies;
 * the median round decides, and the bare route's p95 shows what the machine itself allows at that moment.
 */
import { Pool } from 'undici';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.js';
import { benchDatabase } from './lib/bench-database.js';
import { loadAverage } from './lib/process-stats.js';
import { BENCH_PASSWORD, seedPeople } from './lib/seed.js';
import { budgetLine, formatSpread, interleaved, percentile, spread } from './lib/stats.js';

const PEOPLE = 50;

interface Call {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface Budget {
  name: string;
  requests: number;
  concurrency: number;
  p95Ms: number;
  /** The i-th call of a round. */
  call: (i: number) => Call;
}

interface Round {
  p95: number;
  perSecond: number;
}

const hello = (): Call => ({ path: '/hello' });

/** `requests` calls from `concurrency` workers over as many keep-alive connections, each call timed. */
async function measure(baseUrl: string, budget: Budget, call: (i: number) => Call): Promise<Round> {
  const pool = new Pool(baseUrl, { connections: budget.concurrency });
  try {
    const timings: number[] = [];
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < budget.requests) {
        const { path, method = 'GET', headers, body } = call(next);
        next += 1;
        const t0 = performance.now();
        const res = await pool.request({ path, method, headers, body });
        await res.body.text();
        if (res.statusCode >= 400) throw new Error(`${budget.name}: HTTP ${res.statusCode}`);
        timings.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: budget.concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;
    timings.sort((a, b) => a - b);
    return { p95: percentile(timings, 95), perSecond: timings.length / seconds };
  } finally {
    await pool.close();
  }
}

/** Runs the account API benchmark; true when every budget holds. */
export async function runAccountsBench(): Promise<boolean> {
  const db = await benchDatabase();
  const processes: ServerProcess[] = [];
  try {
    const [me, ...people] = await seedPeople(db.database, PEOPLE + 1, [], 'account');
    if (!me) throw new Error('seeding people failed');
    const app = await startServerProcess({
      ...db.env,
      AI_PROVIDER: 'off',
      AUTH_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
    });
    processes.push(app);
    const bare = await startServerProcess({}, 'bench/http-read/bare-fastify.ts');
    processes.push(bare);
    const cookie = { cookie: me.cookie };
    const budgets: Budget[] = [
      {
        name: 'GET /api/users/me',
        requests: 2000,
        concurrency: 20,
        p95Ms: 25,
        call: () => ({ path: '/api/users/me', headers: cookie }),
      },
      {
        name: 'GET /api/users/profile/:username',
        requests: 2000,
        concurrency: 20,
        p95Ms: 25,
        call: (i) => ({
          path: `/api/users/profile/${people[i % people.length]?.username ?? ''}`,
          headers: cookie,
        }),
      },
      {
        name: 'POST /api/users/login (argon2id)',
        requests: 100,
        concurrency: 4,
        p95Ms: 400,
        call: () => ({
          path: '/api/users/login',
          method: 'POST',
          headers: { origin: app.baseUrl, 'content-type': 'application/json' },
          body: JSON.stringify({ username: me.username, password: BENCH_PASSWORD }),
        }),
      },
    ];
    console.log(`engine: ${db.database.kind}; load average ${loadAverage()}`);
    console.log(
      '| call | round | app p95 ms | app req/s | bare p95 ms | bare req/s |\n|---|---|---|---|---|---|',
    );
    let ok = true;
    for (const budget of budgets) {
      // Unreported: the first calls of a process run unoptimised code.
      await measure(app.baseUrl, budget, budget.call);
      await measure(bare.baseUrl, budget, hello);
      const { a, b } = await interleaved(
        () => measure(app.baseUrl, budget, budget.call),
        () => measure(bare.baseUrl, budget, hello),
      );
      a.forEach((round, i) => {
        const other = b[i] as Round;
        console.log(
          `| ${budget.name} | ${i + 1} | ${round.p95.toFixed(1)} | ${round.perSecond.toFixed(0)} | ` +
            `${other.p95.toFixed(1)} | ${other.perSecond.toFixed(0)} |`,
        );
      });
      ok =
        budgetLine(`${budget.name} p95 ms`, spread(a.map((r) => r.p95)), { atMost: budget.p95Ms }, 1) && ok;
      console.log(
        `     bare Fastify p95 ms under the same load: ${formatSpread(spread(b.map((r) => r.p95)), 1)}`,
      );
    }
    return ok;
  } catch (err) {
    console.log(`FAIL accounts could not run: ${(err as Error).message}`);
    return false;
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    await db.drop();
  }
}
