/**
 * The parent side of the chat benchmark: load-generator processes, the commands sent to them, and how their
 * answers add up. Also the small socket helper other benchmarks use to connect a few peers.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { startServerProcess, type ServerProcess } from '../../src/server/test/server-process.js';
import { cpuPercentDuring, cpuSecondsOf } from '../lib/process-stats.js';
import type {
  ChatResult,
  Command,
  ConnectResult,
  DeliveryResult,
  ErrorCounts,
  Reply,
  Request,
  UserSpec,
} from './protocol.js';

export { percentile } from '../lib/stats.js';

/** How the chat benchmarks open tabs: in batches, each connect with its own timeout. */
export const CONNECT = { batchSize: 50, timeoutMs: 10_000 };

/**
 * The server settings the chat benchmarks run with: per-person send and socket event limits would cap a closed
 * loop, and the benchmarks measure the server's capacity.
 */
export const CAPACITY_ENV = {
  MESSAGE_RATE_LIMIT: '100000000',
  SOCKET_EVENT_RATE_LIMIT: '100000',
  LOG_LEVEL: 'warn',
  AI_PROVIDER: 'off',
};

export interface Generator {
  pid: number;
  call<R>(command: Command): Promise<R>;
  stop(): void;
}

function startGenerator(): Generator {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'load-generator.ts'), [], {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  child.on('message', (reply: Reply) => {
    const w = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) w?.reject(new Error(`load generator ${child.pid}: ${reply.error}`));
    else w?.resolve(reply.result);
  });
  child.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`load generator exited with ${code}`));
    waiting.clear();
  });
  return {
    pid: child.pid ?? 0,
    call: <R>(command: Command) =>
      new Promise<R>((resolve, reject) => {
        next += 1;
        waiting.set(next, { resolve: resolve as (v: unknown) => void, reject });
        child.send({ id: next, command } satisfies Request);
      }),
    stop: () => void child.kill('SIGTERM'),
  };
}

/** `n` load-generator processes. */
export function startGenerators(n: number): Generator[] {
  return Array.from({ length: n }, startGenerator);
}

/** Runs one command on every generator at once (each with its own share) and collects the answers. */
export function onAll<R>(generators: Generator[], command: (index: number) => Command): Promise<R[]> {
  return Promise.all(generators.map((g, i) => g.call<R>(command(i))));
}

/**
 * Opens the tabs of the people `shareOf(g)` names on generator g, as the generators' user set `set` on a
 * server; prints how many connected and what failed.
 */
export async function connectSet(
  target: { name: string; set: string; server: Pick<ServerProcess, 'baseUrl'> },
  generators: Generator[],
  shareOf: (generator: number) => UserSpec[],
): Promise<ConnectResult> {
  const shares = generators.map((_, g) => shareOf(g));
  const result = mergeConnects(
    await onAll<ConnectResult>(generators, (g) => ({
      kind: 'connect',
      set: target.set,
      baseUrl: target.server.baseUrl,
      users: shares[g] ?? [],
      ...CONNECT,
    })),
  );
  const total = shares.reduce((a, share) => a + share.length, 0);
  console.log(
    `${target.name}: ${result.connected}/${total} connected (errors: ${formatErrors(result.errors)})`,
  );
  return result;
}

/**
 * The app (with `env`, and `appArgs` for node, e.g. `--cpu-prof`) and the bare socket.io relay, each its own
 * process, up for `work` and stopped after.
 */
export async function withServers<T>(
  env: Record<string, string>,
  work: (app: ServerProcess, bare: ServerProcess) => Promise<T>,
  appArgs: string[] = [],
): Promise<T> {
  const app = await startServerProcess(env, undefined, appArgs);
  try {
    const bare = await startServerProcess({}, 'bench/chat/bare-relay.ts');
    try {
      return await work(app, bare);
    } finally {
      await bare.stop();
    }
  } finally {
    await app.stop();
  }
}

/** CPU the given processes used during `work`, as a percentage of one core: all of them, and each. */
export async function cpuDuring<T>(
  pids: number[],
  work: () => Promise<T>,
): Promise<{ result: T; cpu: number; each: number[] }> {
  const seconds = () => Promise.all(pids.map(cpuSecondsOf));
  const cpu0 = await seconds();
  const t0 = performance.now();
  const result = await work();
  const elapsed = (performance.now() - t0) / 1000;
  const each = (await seconds()).map((s, i) => ((s - (cpu0[i] ?? 0)) / elapsed) * 100);
  return { result, cpu: each.reduce((a, b) => a + b, 0), each };
}

const SETTLED_PERCENT = 10;
const SETTLE_MAX_MS = 30_000;

/**
 * Waits (up to 30 s) until the server is quiet again (under 10 % of a core over half a second), so each
 * measurement starts from an idle server rather than from the previous one's backlog.
 */
export async function settle(pid: number): Promise<void> {
  const until = performance.now() + SETTLE_MAX_MS;
  while (performance.now() < until) {
    const { cpuPercent } = await cpuPercentDuring(pid, () => new Promise((r) => setTimeout(r, 500)));
    if (cpuPercent < SETTLED_PERCENT) return;
  }
}

/** Opens the set's keep-alive connections on every generator, then waits for a quiet server. */
export async function prepare(generators: Generator[], set: string, serverPid: number): Promise<void> {
  await onAll(generators, () => ({ kind: 'warm', set }));
  await settle(serverPid);
}

const ADMITTED_IN_A_ROW = 20;
const ADMISSION_WAIT_MS = 60_000;

/**
 * Waits (up to a minute) until the app answers every call again: after a phase past capacity, calls still
 * waiting their turn (src/server/plugins/overload.ts) and a backlog of the generators' own must clear first, so
 * a quiet CPU alone does not mean the next phase starts from a server that takes everything.
 */
export async function untilAdmitting(baseUrl: string): Promise<void> {
  const until = performance.now() + ADMISSION_WAIT_MS;
  let inARow = 0;
  while (inARow < ADMITTED_IN_A_ROW && performance.now() < until) {
    const status = await fetch(`${baseUrl}/api/config`).then(
      (res) => res.status,
      () => 0,
    );
    inARow = status === 200 ? inARow + 1 : 0;
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function mergeErrors(all: ErrorCounts[]): ErrorCounts {
  const merged: ErrorCounts = {};
  for (const errors of all) for (const [k, n] of Object.entries(errors)) merged[k] = (merged[k] ?? 0) + n;
  return merged;
}

export function formatErrors(errors: ErrorCounts): string {
  const entries = Object.entries(errors).sort((a, b) => b[1] - a[1]);
  return entries.length ? entries.map(([k, n]) => `${k} ×${n}`).join(', ') : '0';
}

export function mergeConnects(all: ConnectResult[]): ConnectResult {
  return {
    connected: all.reduce((a, r) => a + r.connected, 0),
    errors: mergeErrors(all.map((r) => r.errors)),
  };
}

/** The generators' answers as one; elapsed time is the longest, so the slowest share sets the rate. */
export function mergeDeliveries<R extends DeliveryResult>(all: R[]): DeliveryResult {
  const sum = (f: (r: R) => number) => all.reduce((a, r) => a + f(r), 0);
  return {
    sent: sum((r) => r.sent),
    delivered: sum((r) => r.delivered),
    latencies: all.flatMap((r) => r.latencies).sort((a, b) => a - b),
    elapsedMs: Math.max(0, ...all.map((r) => r.elapsedMs)),
    refused: sum((r) => r.refused),
    withRetryAfter: sum((r) => r.withRetryAfter),
    lost: sum((r) => r.lost),
    late: sum((r) => r.late),
    errors: mergeErrors(all.map((r) => r.errors)),
  };
}

export function mergeChats(all: ChatResult[]): ChatResult {
  return {
    ...mergeDeliveries(all),
    presenceLatencies: all.flatMap((r) => r.presenceLatencies).sort((a, b) => a - b),
    presenceExpected: all.reduce((a, r) => a + r.presenceExpected, 0),
    churns: all.reduce((a, r) => a + r.churns, 0),
    loopMaxMs: Math.max(...all.map((r) => r.loopMaxMs)),
  };
}

/** Lost messages, with how many of them turned up late. */
export function formatLost(r: DeliveryResult): string {
  return r.lost ? `${r.lost} (${r.late} late)` : '0';
}

export function perSecond(r: DeliveryResult): number {
  return r.delivered / (r.elapsedMs / 1000);
}

export interface Peer {
  userId: string;
  cookie: string;
}

export interface Connected {
  sockets: Socket[];
  close: () => void;
}

const PEER_CONNECT_TIMEOUT_MS = 10_000;

/** Opens one websocket per peer, authenticated as that peer; a refusal or a timeout rejects with its reason. */
export async function connectPeers(baseUrl: string, peers: Peer[]): Promise<Connected> {
  const opened: Socket[] = [];
  const connecting = peers.map(
    (peer) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(baseUrl, {
          transports: ['websocket'],
          extraHeaders: { cookie: peer.cookie },
          query: { userId: peer.userId },
          reconnection: false,
          forceNew: true,
          timeout: PEER_CONNECT_TIMEOUT_MS,
        });
        opened.push(socket);
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (err) => reject(new Error(`socket connect failed: ${err.message}`)));
      }),
  );
  try {
    const sockets = await Promise.all(connecting);
    return { sockets, close: () => sockets.forEach((s) => s.close()) };
  } catch (err) {
    opened.forEach((s) => s.close());
    throw err;
  }
}
