/**
 * Users at scale: n signed-in people, each with a websocket, sending a DM every few seconds through
 * `POST /api/messages` to an online contact, marking what arrives as seen, while some tabs close and reopen.
 * Also the memory of many idle sockets. Each level also prints the load generators' longest event-loop delay:
 * a generator that stalls delays every arrival it times, so a max latency near that figure is the generator's
 * pause, not the server's.
 */
import { cpuPercentDuring, loadAverage, rssOf } from '../lib/process-stats.js';
import { budgetLine, percentile, spread } from '../lib/stats.js';
import type { ServerProcess } from '../../src/server/test/server-process.js';
import {
  CONNECT,
  cpuDuring,
  formatErrors,
  formatLost,
  mergeChats,
  mergeConnects,
  onAll,
  prepare,
  settle,
  type Generator,
} from './harness.js';
import { shareOf } from './people.js';
import type { ChatResult, ConnectResult, UserSpec } from './protocol.js';

const SEND_EVERY_MS = 5_000;
const PHASE_SECONDS = 20;
/** Tabs closing (and reopening about OFFLINE_MS later) a second, per 1,000 people. */
const CHURN_PER_THOUSAND = 2;
const OFFLINE_MS = 2_000;
const IDLE_SOCKETS = 10_000;
const BUDGET = { p99Ms: 100, presenceP99Ms: 100, serverCpuPercent: 50, idleRssMiB: 1024 };

const ms = (v: number) => v.toFixed(1);

interface Level {
  users: number;
  result: ChatResult;
  serverCpu: number;
}

/** Runs every level (adding people to the ones already connected); true when the budgets hold at the top one. */
export async function usersAtScale(
  server: ServerProcess,
  generators: Generator[],
  crowd: UserSpec[],
  levels: number[],
): Promise<boolean> {
  const n = generators.length;
  console.log(
    `\n### Users at scale: a DM every ${SEND_EVERY_MS / 1000} s (±25 %) each through POST /api/messages, ` +
      `seen marks, ${CHURN_PER_THOUSAND} tab closes a second per 1,000 people; ${PHASE_SECONDS} s a level, ${n} load generators`,
  );
  console.log(`load average ${loadAverage()}`);
  console.log(
    '| users | connected | connect errors | delivered | lost | errors | p50 ms | p95 ms | p99 ms | max ms | presence p99 ms (events/expected) | server CPU % (kernel) | client CPU % | generator loop max ms |\n' +
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  let connected = 0;
  let joined = 0;
  const rows: Level[] = [];
  for (const users of levels) {
    const newcomers = crowd.slice(joined, users);
    const connect = mergeConnects(
      await onAll<ConnectResult>(generators, (g) => ({
        kind: 'connect',
        set: 'scale',
        baseUrl: server.baseUrl,
        users: shareOf(newcomers, g, n, { first: joined }),
        ...CONNECT,
      })),
    );
    joined = users;
    connected += connect.connected;
    await prepare(generators, 'scale', server.pid);
    const {
      result: client,
      cpuPercent: serverCpu,
      systemPercent,
    } = await cpuPercentDuring(server.pid, () =>
      cpuDuring(
        generators.map((g) => g.pid),
        () =>
          onAll<ChatResult>(generators, () => ({
            kind: 'chat',
            set: 'scale',
            seconds: PHASE_SECONDS,
            sendEveryMs: SEND_EVERY_MS,
            churnPerSecond: (users * CHURN_PER_THOUSAND) / 1000 / n,
            offlineMs: OFFLINE_MS,
          })),
      ),
    );
    const result = mergeChats(client.result);
    const l = result.latencies;
    const p = result.presenceLatencies;
    console.log(
      `| ${users} | ${connected} | ${formatErrors(connect.errors)} | ${result.delivered}/${result.sent} | ${formatLost(result)} | ` +
        `${formatErrors(result.errors)} | ${ms(percentile(l, 50))} | ${ms(percentile(l, 95))} | ${ms(percentile(l, 99))} | ` +
        `${ms(l.at(-1) ?? 0)} | ${ms(percentile(p, 99))} (${p.length}/${result.presenceExpected}) | ` +
        `${serverCpu.toFixed(0)} (${systemPercent.toFixed(0)}) | ${client.cpu.toFixed(0)} | ${ms(result.loopMaxMs)} |`,
    );
    rows.push({ users, result, serverCpu });
  }
  await onAll(generators, () => ({ kind: 'close', set: 'scale' }));
  // Thousands of tabs just closed: let the server tell their contacts before the next part measures it.
  await settle(server.pid);

  const top = rows.at(-1);
  if (!top) return true;
  const at = `at ${top.users} users`;
  // A message that never arrived counts as the slowest of all, so losing messages cannot flatter the p99.
  const lostAsSlowest = [...top.result.latencies, ...Array<number>(top.result.lost).fill(Infinity)];
  return [
    budgetLine(
      `send→receive p99 ${at} (lost = never), ms`,
      spread([percentile(lostAsSlowest, 99)]),
      {
        atMost: BUDGET.p99Ms,
      },
      1,
    ),
    budgetLine(
      `presence p99 ${at}, ms`,
      spread([percentile(top.result.presenceLatencies, 99)]),
      {
        atMost: BUDGET.presenceP99Ms,
      },
      1,
    ),
    budgetLine(
      `server CPU ${at}, % of one core`,
      spread([top.serverCpu]),
      {
        atMost: BUDGET.serverCpuPercent,
      },
      0,
    ),
  ].every(Boolean);
}

/** 10,000 sockets that sit open (tabs left open, spread over the crowd): the server's resident memory. */
export async function idleSockets(
  server: ServerProcess,
  generators: Generator[],
  crowd: UserSpec[],
): Promise<boolean> {
  const n = generators.length;
  const before = await rssOf(server.pid);
  const connect = mergeConnects(
    await onAll<ConnectResult>(generators, (g) => ({
      kind: 'idle',
      baseUrl: server.baseUrl,
      users: shareOf(crowd, g, n),
      count: Math.ceil(IDLE_SOCKETS / n),
      ...CONNECT,
    })),
  );
  await settle(server.pid);
  const total = await rssOf(server.pid);
  await onAll(generators, () => ({ kind: 'closeIdle' }));
  const mib = (b: number) => b / 1024 ** 2;
  console.log(`\n### ${IDLE_SOCKETS} idle sockets\nload average ${loadAverage()}`);
  console.log(
    `connected ${connect.connected} (errors: ${formatErrors(connect.errors)}); server RSS ${mib(before).toFixed(0)} → ` +
      `${mib(total).toFixed(0)} MiB, ${((total - before) / 1024 / Math.max(1, connect.connected)).toFixed(1)} KiB a socket`,
  );
  return budgetLine(
    'server RSS with idle sockets, MiB',
    spread([mib(total)]),
    { atMost: BUDGET.idleRssMiB },
    0,
  );
}
