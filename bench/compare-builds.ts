/**
 * `npx tsx bench/compare-builds.ts <other checkout> [socket|http|list|page] [rounds]`: is this checkout's server
 * faster than another's (say a `git worktree` of the commit before, with `node_modules` linked in)? Both
 * servers run side by side, and each round drives one and then the other, the order alternating by round:
 * for `socket` and `http`, to saturation with the chat benchmark's closed loop on the same load generators
 * (`closedLoop` in chat/saturation.ts: 200 paired senders, 5 s); for `list` and `page`, with the HTTP read
 * benchmark's autocannon on the reader's conversation list or on a message page (`load` in http-read.bench.ts:
 * 20 connections, 5 s). Prints answers a second and server CPU an answer for each, and this ÷ other round by
 * round as min / median / max.
 *
 * This shared machine drifts by a tenth within minutes, which one benchmark run before and one after cannot
 * tell from a change of a few per cent; rounds that alternate between the builds can. But two copies of one
 * build, started one after the other, differed by 5–13 % (the same way within a run, either way between
 * runs), so the comparison runs twice, starting the servers in one order and then in the other, and a change
 * counts only where both halves agree. The databases are seeded with this checkout's migrations, so the two
 * checkouts must have the same ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServerProcess } from '../src/server/test/server-process.js';
import { formatSpread, spread } from './lib/stats.js';
import {
  CAPACITY_ENV,
  CONNECT,
  mergeConnects,
  onAll,
  perSecond,
  startGenerators,
  type Generator,
} from './chat/harness.js';
import { seedCast, shareOf } from './chat/people.js';
import type { ConnectResult, SendPath } from './chat/protocol.js';
import { closedLoop, type Target } from './chat/saturation.js';
import { load, readPaths, startReaderApp } from './http-read.bench.js';

const SENDERS = 200;
const GENERATORS = 2;

type Name = 'this' | 'other';
type Start = typeof startServerProcess;
type ReadMode = 'list' | 'page';
type Mode = SendPath | ReadMode;
const MODES: readonly string[] = ['socket', 'http', 'list', 'page'] satisfies Mode[];
const isMode = (name: string): name is Mode => MODES.includes(name);
const isReadMode = (mode: Mode): mode is ReadMode => mode === 'list' || mode === 'page';
const READ_SECONDS = 5;

interface Measured {
  perSecond: number;
  cpuMsPerAnswer: number;
}

interface Build extends Target {
  name: Name;
  dataDir: string;
  /** One round's load on this build. */
  measure: () => Promise<Measured>;
}

/** Each build's figures, round by round. */
interface Rounds {
  perSecond: Record<Name, number[]>;
  cpuMsPerAnswer: Record<Name, number[]>;
}

async function startReadBuild(name: Name, start: Start, dataDir: string, mode: ReadMode): Promise<Build> {
  const { app, me, others } = await startReaderApp(dataDir, start);
  const url = readPaths(others)[mode];
  const measure = async () => {
    const round = await load(app, url, { cookie: me.cookie }, READ_SECONDS);
    if (round.failures) throw new Error(`${name}:${round.note}`);
    return { perSecond: round.perSecond, cpuMsPerAnswer: (round.cpuPercent * 10) / round.perSecond };
  };
  return { name, server: app, set: `compare-${name}`, dataDir, measure };
}

async function startBuild(name: Name, start: Start, generators: Generator[], mode: Mode): Promise<Build> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `simplified-compare-${name}-`));
  if (isReadMode(mode)) return startReadBuild(name, start, dataDir, mode);
  const cast = await seedCast(
    { kind: 'sqlite', file: path.join(dataDir, 'simplified.db') },
    GENERATORS,
    SENDERS,
    GENERATORS,
  );
  const server = await start({ DATA_DIR: dataDir, ...CAPACITY_ENV });
  const build: Build = {
    name,
    server,
    set: `compare-${name}`,
    dataDir,
    measure: async () => {
      const { r, cpuMsPerMessage } = await closedLoop(build, generators, mode);
      return { perSecond: perSecond(r), cpuMsPerAnswer: cpuMsPerMessage };
    },
  };
  const connected = mergeConnects(
    await onAll<ConnectResult>(generators, (g) => ({
      kind: 'connect',
      set: build.set,
      baseUrl: server.baseUrl,
      users: shareOf(cast.senders, g, GENERATORS, { byPair: true }),
      ...CONNECT,
    })),
  );
  if (connected.connected < SENDERS)
    throw new Error(`${name}: only ${connected.connected}/${SENDERS} connected`);
  return build;
}

async function stopBuild(build: Build, generators: Generator[]): Promise<void> {
  if (generators.length) await onAll(generators, () => ({ kind: 'close', set: build.set }));
  await build.server.stop();
  fs.rmSync(build.dataDir, { recursive: true, force: true });
}

/** One half: both servers started in `order`, then `rounds` alternating rounds. */
async function half(
  order: Array<[Name, Start]>,
  mode: Mode,
  rounds: number,
  generators: Generator[],
): Promise<Rounds> {
  const out: Rounds = { perSecond: { this: [], other: [] }, cpuMsPerAnswer: { this: [], other: [] } };
  const builds: Build[] = [];
  try {
    for (const [name, start] of order) builds.push(await startBuild(name, start, generators, mode));
    console.log(`\nstarted ${order.map(([name]) => name).join(', then ')}`);
    console.log('| round | build | answers/s | server CPU ms/answer |\n|---|---|---|---|');
    for (let round = 0; round < rounds; round += 1) {
      for (const build of round % 2 ? [...builds].reverse() : builds) {
        const { perSecond: rate, cpuMsPerAnswer } = await build.measure();
        out.perSecond[build.name].push(rate);
        out.cpuMsPerAnswer[build.name].push(cpuMsPerAnswer);
        console.log(`| ${round + 1} | ${build.name} | ${rate.toFixed(0)} | ${cpuMsPerAnswer.toFixed(4)} |`);
      }
    }
  } finally {
    for (const build of builds) await stopBuild(build, generators);
  }
  return out;
}

const ratios = (of: Record<Name, number[]>) => of.this.map((v, i) => v / (of.other[i] ?? Infinity));

const [other, mode = 'socket', rounds = '12'] = process.argv.slice(2);
if (!other || !isMode(mode)) {
  console.error('usage: npx tsx bench/compare-builds.ts <other checkout> [socket|http|list|page] [rounds]');
  process.exit(2);
}
const otherServer = (await import(
  pathToFileURL(path.resolve(other, 'src/server/test/server-process.ts')).href
)) as { startServerProcess: Start };
const thisFirst: Array<[Name, Start]> = [
  ['this', startServerProcess],
  ['other', otherServer.startServerProcess],
];
const generators = isReadMode(mode) ? [] : startGenerators(GENERATORS);
try {
  const halves: Rounds[] = [];
  for (const order of [thisFirst, [...thisFirst].reverse()]) {
    halves.push(await half(order, mode, Math.max(2, Math.round(Number(rounds) / 2)), generators));
  }
  console.log(`\n${mode}, this ÷ other round by round (started this first; then other first)`);
  for (const [what, of] of [
    ['answers a second', (r: Rounds) => r.perSecond],
    ['server CPU an answer', (r: Rounds) => r.cpuMsPerAnswer],
  ] as const) {
    console.log(`  ${what}: ${halves.map((r) => formatSpread(spread(ratios(of(r))), 3)).join('; then ')}`);
  }
} finally {
  generators.forEach((g) => g.stop());
}
