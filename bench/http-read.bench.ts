/**
 * HTTP reads the web app makes, against a bare Fastify hello-world on the same machine: the conversation list
 * of a user with 50 conversations, and one conversation's message page. Both servers run as their own
 * processes on SQLite; autocannon drives each closed-loop (same connections, same duration), interleaved
 * app, bare, app, bare…, and the ratio of successful requests per second is reported per round.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ConversationList } from '../src/contracts/messages.js';
import { loadConfig } from '../src/server/config.js';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.js';
import { cpuPercentDuring, loadAverage } from './lib/process-stats.js';
import { seedPeople, type SeededUser } from './lib/seed.js';
import { budgetLine, formatSpread, interleaved, spread } from './lib/stats.js';

const CONVERSATIONS = 50;
const MESSAGES_PER_CONVERSATION = 3;
const CONNECTIONS = 20;
const SECONDS = 5;
const WARM_UP_SECONDS = 2;
const LIST_BUDGET = { atLeast: 0.25 };

/** The part of autocannon's options and results used here (the package ships no types). */
interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}
interface CannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (
  o: CannonOptions,
) => Promise<CannonResult>;

interface Round {
  perSecond: number;
  /** Non-2xx responses, connection errors and timeouts; any of them fails the round. */
  failures: number;
  cpuPercent: number;
  note: string;
}

/** One closed-loop load of `seconds`; a failure to run at all is a failed round, not a crash. */
export async function load(
  server: ServerProcess,
  urlPath: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Round> {
  try {
    const { result, cpuPercent } = await cpuPercentDuring(server.pid, () =>
      autocannon({
        url: `${server.baseUrl}${urlPath}`,
        connections: CONNECTIONS,
        duration: seconds,
        headers,
      }),
    );
    const failures = result.non2xx + result.errors + result.timeouts;
    const note = failures
      ? ` FAIL: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`
      : '';
    return { perSecond: result['2xx'] / result.duration, failures, cpuPercent, note };
  } catch (err) {
    return { perSecond: 0, failures: 1, cpuPercent: 0, note: ` FAIL: ${(err as Error).message}` };
  }
}

/** Sends a few messages each way in every conversation through the app's own POST, as browsers would. */
async function seedMessages(server: ServerProcess, me: SeededUser, others: SeededUser[]): Promise<void> {
  const origin = server.baseUrl;
  const post = async (from: SeededUser, to: SeededUser, message: string) => {
    const res = await fetch(`${server.baseUrl}/api/messages`, {
      method: 'POST',
      headers: { cookie: from.cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ message, recipientId: to.userId }),
    });
    if (res.status !== 201) throw new Error(`seeding a message: HTTP ${res.status} ${await res.text()}`);
  };
  for (const other of others) {
    for (let i = 0; i < MESSAGES_PER_CONVERSATION; i += 1) {
      // Mostly theirs, so my list has unread counts; one of mine, so some last messages are my own.
      if (i === 1) await post(me, other, `my reply ${i}`);
      else await post(other, me, `message ${i} from ${other.username}`);
    }
  }
}

/** The list under load must be the real one: every conversation, each with the unread messages seeded. */
async function checkList(server: ServerProcess, me: SeededUser): Promise<void> {
  const res = await fetch(`${server.baseUrl}/api/messages/conversations`, { headers: { cookie: me.cookie } });
  const list = ConversationList.parse(await res.json());
  const unread = MESSAGES_PER_CONVERSATION - 1;
  if (list.length !== CONVERSATIONS || list.some((c) => c.unreadCount !== unread)) {
    throw new Error(`expected ${CONVERSATIONS} conversations with ${unread} unread each, got ${list.length}`);
  }
}

/** Runs `rounds` of app-then-bare for one app path and prints each round and the ratio's spread. */
async function compare(
  label: string,
  app: ServerProcess,
  appPath: string,
  cookie: string,
  bare: ServerProcess,
): Promise<{ ratios: number[]; failed: boolean }> {
  await load(app, appPath, { cookie }, WARM_UP_SECONDS);
  await load(bare, '/hello', {}, WARM_UP_SECONDS);
  console.log(
    `\n${label}: ${CONNECTIONS} connections, ${SECONDS} s a run\n| round | app req/s | app CPU % | bare req/s | bare CPU % | ratio |\n|---|---|---|---|---|---|`,
  );
  const { a, b } = await interleaved(
    () => load(app, appPath, { cookie }, SECONDS),
    () => load(bare, '/hello', {}, SECONDS),
  );
  const ratios = a.map((round, i) => round.perSecond / (b[i]?.perSecond || Infinity));
  a.forEach((round, i) => {
    const other = b[i] as Round;
    console.log(
      `| ${i + 1} | ${round.perSecond.toFixed(0)} | ${round.cpuPercent.toFixed(0)} | ${other.perSecond.toFixed(0)} | ${other.cpuPercent.toFixed(0)} | ${(ratios[i] ?? 0).toFixed(3)} |${round.note}${other.note}`,
    );
  });
  return { ratios, failed: [...a, ...b].some((r) => r.failures > 0) };
}

/** The two reads measured: the reader's conversation list, and the message page of their first conversation. */
export function readPaths(others: readonly SeededUser[]): { list: string; page: string } {
  return { list: '/api/messages/conversations', page: `/api/messages/${others[0]?.userId ?? ''}` };
}

/** The app (started with `start`) on a fresh database in `dataDir`, holding the reader's checked list. */
export async function startReaderApp(
  dataDir: string,
  start: typeof startServerProcess = startServerProcess,
): Promise<{ app: ServerProcess; me: SeededUser; others: SeededUser[] }> {
  const env = { DATA_DIR: dataDir, AI_PROVIDER: 'off', LOG_LEVEL: 'warn', MESSAGE_RATE_LIMIT: '100000000' };
  const pairs = Array.from({ length: CONVERSATIONS }, (_, i) => [0, i + 1] as const);
  const [me, ...others] = await seedPeople(loadConfig(env).database, CONVERSATIONS + 1, pairs, 'reader');
  if (!me) throw new Error('seeding people failed');
  const app = await start(env);
  try {
    await seedMessages(app, me, others);
    await checkList(app, me);
  } catch (err) {
    await app.stop();
    throw err;
  }
  return { app, me, others };
}

/** Runs the HTTP read benchmark; true when every round succeeded and the conversation list is within budget. */
export async function runHttpReadBench(): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-bench-http-read-'));
  const processes: ServerProcess[] = [];
  try {
    console.log(`load average before: ${loadAverage()}`);
    const { app, me, others } = await startReaderApp(dataDir);
    processes.push(app);
    const paths = readPaths(others);
    const bare = await startServerProcess({}, 'bench/http-read/bare-fastify.ts');
    processes.push(bare);

    const list = await compare(
      `GET /api/messages/conversations (${CONVERSATIONS} conversations, SQLite)`,
      app,
      paths.list,
      me.cookie,
      bare,
    );
    const page = await compare(
      `GET /api/messages/:otherUserId (${MESSAGES_PER_CONVERSATION} messages)`,
      app,
      paths.page,
      me.cookie,
      bare,
    );
    console.log(`\nload average after: ${loadAverage()}`);
    const listOk = budgetLine('conversation list req/s ÷ bare Fastify', spread(list.ratios), LIST_BUDGET, 3);
    console.log(`info message page req/s ÷ bare Fastify: ${formatSpread(spread(page.ratios), 3)}`);
    const failed = list.failed || page.failed;
    console.log(`${failed ? 'FAIL' : 'PASS'} every request answered 2xx, no connection errors or timeouts`);
    return listOk && !failed;
  } catch (err) {
    console.log(`FAIL http-read could not run: ${(err as Error).message}`);
    return false;
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
