/**
 * Rooms (issue 43, item 5): 20 rooms of 50 people, each person writing to their room every 5 s (≈200 messages a
 * second in, ≈9,800 deliveries a second out), against the real server as its own process (SQLite, or PostgreSQL
 * when TEST_DATABASE_URL is set) and, in the same run, a bare socket.io relay broadcasting each message to a
 * socket.io room of the same 50 sockets; rounds interleaved (app, bare, app, bare…), over the web app's path
 * (`POST /api/rooms/:roomId/messages`) and the `sendRoomMessage` socket event. A room's people all live in one
 * load generator, which times every delivery by its own clock. TEST_REDIS_URL runs the app with the Redis adapter
 * (every fan-out published through Redis, as when processes share the rooms; one process here, the bare relay
 * without it). ROOMS_BENCH_GENERATORS sets how many load generators there are;
 * ROOMS_BENCH_CPU_PROF=<folder> runs the app under `node --cpu-prof`, keeps the profile there and prints where
 * the app's CPU went per delivery; ROOMS_BENCH_READING=<share> has that share of each room's people look at the
 * room, marking each message read as it arrives.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  connectSet,
  cpuDuring,
  formatErrors,
  formatLost,
  mergeDeliveries,
  onAll,
  perSecond,
  prepare,
  settle,
  startGenerators,
  withServers,
  type Generator,
} from './chat/harness.js';
import type { RoomSpec, RoomsResult, SendPath, UserSpec } from './chat/protocol.js';
import type { Target } from './chat/saturation.js';
import type { ServerProcess } from '../src/server/test/server-process.js';
import { benchDatabase } from './lib/bench-database.js';
import { monotonicMicros, summarise, type CpuProfile, type Windows } from './lib/cpu-profile.js';
import { cpuPercentDuring, loadAverage } from './lib/process-stats.js';
import { budgetLine, formatSpread, interleaved, percentile, spread } from './lib/stats.js';
import type { SeededUser } from './lib/seed.js';
import { appLoopDuring, METRICS_TOKEN } from './rooms/app-loop.js';
import { makeRooms, seedRoomPeople } from './rooms/cast.js';

const ROOMS = 20;
const ROOM_SIZE = 50;
const SEND_EVERY_MS = 5_000;
/** Each person sends two messages a round, on average. */
const ROUND_SECONDS = 10;
const ROUNDS = 3;
/** The web app's path first: it is what people use. */
const PATHS: SendPath[] = ['http', 'socket'];
const GENERATORS = Number(process.env.ROOMS_BENCH_GENERATORS ?? Math.max(2, os.availableParallelism()));
const BUDGET = { ratio: 0.5, p99Ms: 100 };
/**
 * Per-person limits stay as deployed (one message every 5 s is far below them); only the noise goes, and the
 * metrics are opened to the bench (request timing then costs the app what it costs wherever it is scraped).
 */
const APP_ENV = { LOG_LEVEL: 'warn', AI_PROVIDER: 'off', METRICS_TOKEN };
const PROFILE_DIR = process.env.ROOMS_BENCH_CPU_PROF;
/**
 * The share of each room's members with the room on screen, marking each message read as the web app does
 * (0 by default: the budgets are about the messages; a read mark in a room of 50 is told to all 50).
 */
const READING = Number(process.env.ROOMS_BENCH_READING ?? 0);
const REDIS_URL = process.env.TEST_REDIS_URL;

interface Round {
  perSecond: number;
  delivered: number;
  /** When the round's load ran, on a CPU profile's clock. */
  window: readonly [number, number];
  /** Send→receive p50, and p99 with lost deliveries counted as never arriving, ms. */
  p50: number;
  p99: number;
  serverCpuMs: number;
  generatorCpu: number[];
  loopP99Ms: number;
  loopMaxMs: number;
  /** The app's own event-loop delay (NaN for the bare relay, which has no metrics). */
  serverLoopP99Ms: number;
  serverLoopMaxMs: number;
}

/** A server the rounds run on; `metrics`: it answers /metrics with the bench's token (the app). */
type RoomsTarget = Target & { metrics: boolean };

const ms = (v: number) => v.toFixed(1);

/** One round: every generator runs its rooms' open loop on `target` for ROUND_SECONDS; printed as a table row. */
async function round(
  target: RoomsTarget,
  generators: Generator[],
  roomsOf: (g: number) => RoomSpec[],
  sendPath: SendPath,
  index: number,
): Promise<Round> {
  if (sendPath === 'http') await prepare(generators, target.set, target.server.pid);
  else await settle(target.server.pid);
  const from = monotonicMicros();
  const load = () =>
    cpuDuring(
      generators.map((g) => g.pid),
      () =>
        onAll<RoomsResult>(generators, (g) => ({
          kind: 'rooms',
          set: target.set,
          rooms: roomsOf(g),
          path: sendPath,
          seconds: ROUND_SECONDS,
          sendEveryMs: SEND_EVERY_MS,
          reading: READING,
        })),
    );
  const {
    result: { result: client, loopP99Ms: serverLoopP99Ms, loopMaxMs: serverLoopMaxMs },
    cpuPercent,
  } = await cpuPercentDuring(target.server.pid, () =>
    target.metrics
      ? appLoopDuring(target.server, load)
      : load().then((result) => ({ result, loopP99Ms: NaN, loopMaxMs: NaN })),
  );
  const window = [from, monotonicMicros()] as const;
  const r = mergeDeliveries(client.result);
  // A delivery that never came counts as the slowest of all, so losing messages cannot flatter the p99.
  const p99 = percentile([...r.latencies, ...Array<number>(r.lost).fill(Infinity)], 99);
  const loopP99Ms = Math.max(...client.result.map((g) => g.loopP99Ms));
  const loopMaxMs = Math.max(...client.result.map((g) => g.loopMaxMs));
  const serverCpuMs = (cpuPercent * 10) / Math.max(1, perSecond(r));
  console.log(
    `| ${sendPath} | ${index + 1} | ${target.name} | ${r.sent} | ${perSecond(r).toFixed(0)} | ` +
      `${ms(percentile(r.latencies, 50))} | ${ms(p99)} | ${ms(r.latencies.at(-1) ?? 0)} | ${formatLost(r)} | ` +
      `${formatErrors(r.errors)} | ${cpuPercent.toFixed(0)} | ${serverCpuMs.toFixed(3)} | ` +
      `${Number.isNaN(serverLoopP99Ms) ? '–' : `${ms(serverLoopP99Ms)} / ${ms(serverLoopMaxMs)}`} | ` +
      `${client.each.map((c) => c.toFixed(0)).join(' + ')} | ${ms(loopP99Ms)} / ${ms(loopMaxMs)} |`,
  );
  return {
    perSecond: perSecond(r),
    delivered: r.delivered,
    window,
    p50: percentile(r.latencies, 50),
    p99,
    serverCpuMs,
    generatorCpu: client.each,
    loopP99Ms,
    loopMaxMs,
    serverLoopP99Ms,
    serverLoopMaxMs,
  };
}

/** The budgets of one path, and what says whether the load generators held the figures back. */
function verdict(sendPath: SendPath, a: Round[], b: Round[]): boolean {
  const ratios = a.map((r, i) => r.perSecond / (b[i]?.perSecond ?? Infinity));
  const ok = [
    budgetLine(`${sendPath} path: app/bare delivered msg/s`, spread(ratios), { atLeast: BUDGET.ratio }),
    budgetLine(
      `${sendPath} path: app send→receive p99 (lost = never), ms`,
      spread(a.map((r) => r.p99)),
      { atMost: BUDGET.p99Ms },
      1,
    ),
  ].every(Boolean);
  const appCpu = spread(a.map((r) => r.serverCpuMs));
  const bareCpu = spread(b.map((r) => r.serverCpuMs));
  const figures = (rounds: Round[], pick: (r: Round) => number, digits: number) =>
    formatSpread(spread(rounds.map(pick)), digits);
  console.log(
    `     ${sendPath} path: delivered msg/s app ${figures(a, (r) => r.perSecond, 0)}, bare ${figures(b, (r) => r.perSecond, 0)}; ` +
      `p50 app ${figures(a, (r) => r.p50, 1)} ms, bare ${figures(b, (r) => r.p50, 1)} ms; bare p99 ${figures(b, (r) => r.p99, 1)} ms\n` +
      `     ${sendPath} path: server CPU ms per delivery: app ${formatSpread(appCpu, 3)}; bare ${formatSpread(bareCpu, 3)}; ` +
      `app/bare median ${(appCpu.median / bareCpu.median).toFixed(1)}×; the app's event-loop delay p99 ` +
      `${figures(a, (r) => r.serverLoopP99Ms, 1)} ms, max ${figures(a, (r) => r.serverLoopMaxMs, 1)} ms\n` +
      `     ${sendPath} path: load generators (app rounds): busiest at ${Math.max(...a.flatMap((r) => r.generatorCpu)).toFixed(0)} % ` +
      `of a core, event-loop delay p99 ${figures(a, (r) => r.loopP99Ms, 1)} ms, max ${figures(a, (r) => r.loopMaxMs, 1)} ms`,
  );
  return ok;
}

/**
 * Where the app's CPU went in its rounds, per delivery: its main thread's profile (`.0.` in the name, the
 * workers' are apart), samples inside the rounds only.
 */
function printProfile(dir: string, pid: number, deliveries: number, within: Windows): void {
  const main = fs.readdirSync(dir).find((f) => f.includes(`.${pid}.0.`) && f.endsWith('.cpuprofile'));
  if (!main) return console.log(`no profile of process ${pid} in ${dir}`);
  const file = path.join(dir, main);
  console.log(`\n### The app under --cpu-prof, in its rounds (${file})`);
  summarise(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile, deliveries, 'delivery', within);
}

/**
 * Makes the rooms, connects everyone to both servers and runs the interleaved rounds of each path; true when
 * every budget holds; the app's rounds: how many deliveries it made, and when.
 */
async function measure(
  appServer: ServerProcess,
  bareServer: ServerProcess,
  people: SeededUser[],
  generators: Generator[],
): Promise<{ ok: boolean; deliveries: number; windows: Windows }> {
  const cast = await makeRooms(appServer, bareServer, people, ROOM_SIZE);
  console.log(`${ROOMS} rooms of ${ROOM_SIZE} people made; ${generators.length} load generators`);
  // Whole rooms to a generator, so every delivery is timed by the clock of the process that sent it.
  const roomsOf = (g: number) => cast.rooms.filter((_, r) => r % generators.length === g);
  const shareOf = (everyone: UserSpec[]) => (g: number) => {
    const mine = new Set(roomsOf(g).flatMap((room) => room.memberIds));
    return everyone.filter((p) => mine.has(p.userId));
  };
  const app: RoomsTarget = { name: 'app', server: appServer, set: 'rooms-app', metrics: true };
  const bare: RoomsTarget = { name: 'bare', server: bareServer, set: 'rooms-bare', metrics: false };
  await connectSet(app, generators, shareOf(cast.app));
  await connectSet(bare, generators, shareOf(cast.bare));

  console.log(
    `\n### ${ROOMS} rooms of ${ROOM_SIZE} people, each person writing every ${SEND_EVERY_MS / 1000} s (±25 %, open loop), ` +
      `${ROUND_SECONDS} s a round, ${ROUNDS} rounds a path, app and bare relay interleaved` +
      `${READING ? `; ${Math.round(READING * ROOM_SIZE)} of each room's people mark each message read` : ''}` +
      `\nload average ${loadAverage()}`,
  );
  console.log(
    '| path | round | server | messages sent | delivered msg/s | p50 ms | p99 ms | max ms | lost (late) | errors | ' +
      'server CPU % | server CPU ms a delivery | server loop delay p99 / max ms | generators CPU % | ' +
      'generator loop delay p99 / max ms |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  let ok = true;
  let deliveries = 0;
  const windows: Array<readonly [number, number]> = [];
  const byPath: Array<[SendPath, { a: Round[]; b: Round[] }]> = [];
  for (const sendPath of PATHS) {
    const rounds = await interleaved(
      (i) => round(app, generators, roomsOf, sendPath, i),
      (i) => round(bare, generators, roomsOf, sendPath, i),
      ROUNDS,
    );
    byPath.push([sendPath, rounds]);
    deliveries += rounds.a.reduce((sum, r) => sum + r.delivered, 0);
    windows.push(...rounds.a.map((r) => r.window));
  }
  console.log(`load average ${loadAverage()}`);
  for (const [sendPath, { a, b }] of byPath) ok = verdict(sendPath, a, b) && ok;
  for (const set of [app.set, bare.set]) await onAll(generators, () => ({ kind: 'close', set }));
  return { ok, deliveries, windows };
}

/** Runs the rooms benchmark; true when every budget holds. */
export async function runRoomsBench(): Promise<boolean> {
  const { database, env: dbEnv, drop } = await benchDatabase();
  const generators = startGenerators(GENERATORS);
  try {
    const people = await seedRoomPeople(database, ROOMS, ROOM_SIZE);
    console.log(
      `database: ${database.kind}; Redis adapter: ${REDIS_URL ? 'on' : 'off'}; ${people.length} people seeded`,
    );
    const profileArgs = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
    let appPid = 0;
    const { ok, deliveries, windows } = await withServers(
      { ...dbEnv, ...APP_ENV, ...(REDIS_URL ? { REDIS_URL } : {}) },
      (app, bare) => {
        appPid = app.pid;
        return measure(app, bare, people, generators);
      },
      profileArgs,
    );
    if (PROFILE_DIR) printProfile(PROFILE_DIR, appPid, deliveries, windows);
    return ok;
  } finally {
    generators.forEach((g) => g.stop());
    await drop();
  }
}
