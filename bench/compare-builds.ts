/**
 * `npx tsx bench/compare-builds.ts <other checkout> [socket|http] [rounds]`: is this checkout's server faster
 * than another's (say a `git worktree` of the commit before, with `node_modules` linked in)? Both servers run
 * side by side on the same load generators, and each round drives one and then the other to saturation with
 * the chat benchmark's closed loop (`closedLoop` in chat/saturation.ts: 200 paired senders, 5 s), the order
 * alternating by round. Prints delivered msg/s and server CPU a message for each, and this ÷ other round by
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

const SENDERS = 200;
const GENERATORS = 2;

type Name = 'this' | 'other';
type Start = typeof startServerProcess;

interface Build extends Target {
  name: Name;
  dataDir: string;
}

/** Each build's figures, round by round. */
interface Rounds {
  perSecond: Record<Name, number[]>;
  cpuMsPerMessage: Record<Name, number[]>;
}

async function startBuild(name: Name, start: Start, generators: Generator[]): Promise<Build> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `simplified-compare-${name}-`));
  const cast = await seedCast(
    { kind: 'sqlite', file: path.join(dataDir, 'simplified.db') },
    GENERATORS,
    SENDERS,
    GENERATORS,
  );
  const server = await start({ DATA_DIR: dataDir, ...CAPACITY_ENV });
  const build: Build = { name, server, set: `compare-${name}`, dataDir };
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
  await onAll(generators, () => ({ kind: 'close', set: build.set }));
  await build.server.stop();
  fs.rmSync(build.dataDir, { recursive: true, force: true });
}

/** One half: both servers started in `order`, then `rounds` alternating rounds. */
async function half(
  order: Array<[Name, Start]>,
  sendPath: SendPath,
  rounds: number,
  generators: Generator[],
): Promise<Rounds> {
  const out: Rounds = { perSecond: { this: [], other: [] }, cpuMsPerMessage: { this: [], other: [] } };
  const builds: Build[] = [];
  try {
    for (const [name, start] of order) builds.push(await startBuild(name, start, generators));
    console.log(`\nstarted ${order.map(([name]) => name).join(', then ')}`);
    console.log('| round | build | delivered msg/s | server CPU ms/msg |\n|---|---|---|---|');
    for (let round = 0; round < rounds; round += 1) {
      for (const build of round % 2 ? [...builds].reverse() : builds) {
        const { r, cpuMsPerMessage } = await closedLoop(build, generators, sendPath);
        out.perSecond[build.name].push(perSecond(r));
        out.cpuMsPerMessage[build.name].push(cpuMsPerMessage);
        console.log(
          `| ${round + 1} | ${build.name} | ${perSecond(r).toFixed(0)} | ${cpuMsPerMessage.toFixed(4)} |`,
        );
      }
    }
  } finally {
    for (const build of builds) await stopBuild(build, generators);
  }
  return out;
}

const ratios = (of: Record<Name, number[]>) => of.this.map((v, i) => v / (of.other[i] ?? Infinity));

const [other, sendPath = 'socket', rounds = '12'] = process.argv.slice(2);
if (!other || (sendPath !== 'socket' && sendPath !== 'http')) {
  console.error('usage: npx tsx bench/compare-builds.ts <other checkout> [socket|http] [rounds]');
  process.exit(2);
}
const otherServer = (await import(
  pathToFileURL(path.resolve(other, 'src/server/test/server-process.ts')).href
)) as { startServerProcess: Start };
const thisFirst: Array<[Name, Start]> = [
  ['this', startServerProcess],
  ['other', otherServer.startServerProcess],
];
const generators = startGenerators(GENERATORS);
try {
  const halves: Rounds[] = [];
  for (const order of [thisFirst, [...thisFirst].reverse()]) {
    halves.push(await half(order, sendPath, Math.max(2, Math.round(Number(rounds) / 2)), generators));
  }
  console.log(`\n${sendPath} path, this ÷ other round by round (started this first; then other first)`);
  for (const [what, of] of [
    ['delivered msg/s', (r: Rounds) => r.perSecond],
    ['server CPU a message', (r: Rounds) => r.cpuMsPerMessage],
  ] as const) {
    console.log(`  ${what}: ${halves.map((r) => formatSpread(spread(ratios(of(r))), 3)).join('; then ')}`);
  }
} finally {
  generators.forEach((g) => g.stop());
}
