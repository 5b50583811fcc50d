/**
 * Chat throughput, latency and memory, measured over real sockets against the real server on SQLite,
 * and against a bare socket.io relay on the same machine as the yardstick.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SelfUser } from '../src/contracts/users.js';
import { TestClient } from '../src/server/test/http-client.js';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.js';
import { connectPeers, rssOf, runPhase, type Peer, type PhaseResult } from './chat/harness.js';

const PAIRS = 50;
const RATES = [250, 500, 1000, 2000, 2500, 3000, 4000];
const PHASE_SECONDS = 5;
const IDLE_SOCKETS = 10_000;
const BUDGET = { sustainedPerSecond: 2000, p99At1000Ms: 100, idleRssBytes: 1024 ** 3 };

async function signUpPeers(baseUrl: string, count: number): Promise<Peer[]> {
  const peers: Peer[] = [];
  for (let i = 0; i < count; i += 1) {
    const client = new TestClient(baseUrl);
    const tag = `${Date.now().toString(36)}${i}`;
    const res = await client.post<SelfUser>('/api/users/signup', {
      name: `Bench ${i}`,
      username: `bench_${tag}`,
      email: `bench_${tag}@example.com`,
      password: 'benchmark password',
    });
    if (res.status !== 201) throw new Error(`signup failed: ${JSON.stringify(res.body)}`);
    peers.push({ userId: res.body._id, cookie: client.cookieHeader });
  }
  return peers;
}

const fmt = (r: PhaseResult) =>
  `| ${r.offered} | ${r.deliveredPerSecond.toFixed(0)} | ${r.delivered}/${r.offered * PHASE_SECONDS} | ${r.errors} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} |${r.firstError ? ` ${r.firstError}` : ''}`;

async function phases(label: string, server: ServerProcess, peers: Peer[]): Promise<PhaseResult[]> {
  const { sockets, close } = await connectPeers(server.baseUrl, peers);
  console.log(
    `\n${label}\n| offered msg/s | delivered msg/s | delivered | errors | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|---|---|`,
  );
  const results: PhaseResult[] = [];
  for (const rate of RATES) {
    const r = await runPhase(peers, sockets, rate, PHASE_SECONDS);
    results.push(r);
    console.log(fmt(r));
  }
  close();
  return results;
}

/** The highest offered rate the server kept up with: everything delivered, nothing refused, p99 under 1 s. */
function sustained(results: PhaseResult[]): number {
  const kept = results.filter(
    (r) => r.errors === 0 && r.delivered === r.offered * PHASE_SECONDS && r.p99 < 1000,
  );
  return Math.max(0, ...kept.map((r) => r.offered));
}

async function idleMemory(
  server: ServerProcess,
  peers: Peer[],
): Promise<{ perSocket: number; total: number }> {
  const before = await rssOf(server.pid);
  const batches = [];
  for (let i = 0; i < IDLE_SOCKETS; i += 500) {
    const batch = Array.from(
      { length: Math.min(500, IDLE_SOCKETS - i) },
      (_, j) => peers[(i + j) % peers.length] as Peer,
    );
    batches.push(await connectPeers(server.baseUrl, batch));
  }
  await new Promise((r) => setTimeout(r, 2000));
  const total = await rssOf(server.pid);
  batches.forEach((b) => b.close());
  return { perSocket: (total - before) / IDLE_SOCKETS, total };
}

/** Runs the chat benchmark; true when every budget holds. */
export async function runChatBench(): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-bench-'));
  const env = {
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '1000000',
    MESSAGE_RATE_LIMIT: '100000000',
    LOG_LEVEL: 'warn',
    AI_PROVIDER: 'off',
  };
  const server = await startServerProcess(env);
  let ours: PhaseResult[];
  let memory: { perSocket: number; total: number };
  try {
    const peers = await signUpPeers(server.baseUrl, PAIRS * 2);
    ours = await phases(`Simplified (SQLite, ${PAIRS} pairs, ${PHASE_SECONDS} s a rate)`, server, peers);
    memory = await idleMemory(server, peers);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const relay = await startServerProcess({}, 'bench/chat/bare-relay.ts');
  let bare: PhaseResult[];
  try {
    const peers = Array.from({ length: PAIRS * 2 }, (_, i) => ({ userId: `peer${i}`, cookie: '' }));
    bare = await phases('Bare socket.io relay (no auth, no database)', relay, peers);
  } finally {
    await relay.stop();
  }

  const oursSustained = sustained(ours);
  const bareSustained = sustained(bare);
  const at1000 = ours.find((r) => r.offered === 1000);
  const checks = [
    [
      `sustained ${oursSustained.toFixed(0)} msg/s (bare relay ${bareSustained.toFixed(0)}, ratio ${(oursSustained / bareSustained).toFixed(2)})`,
      oursSustained >= BUDGET.sustainedPerSecond,
      `>= ${BUDGET.sustainedPerSecond}`,
    ],
    [
      `p99 at 1,000 msg/s ${at1000?.p99.toFixed(1)} ms`,
      (at1000?.p99 ?? Infinity) <= BUDGET.p99At1000Ms,
      `<= ${BUDGET.p99At1000Ms} ms`,
    ],
    [
      `${IDLE_SOCKETS} idle sockets: RSS ${(memory.total / 1024 ** 2).toFixed(0)} MiB, ${(memory.perSocket / 1024).toFixed(1)} KiB a socket`,
      memory.total <= BUDGET.idleRssBytes,
      '<= 1 GiB',
    ],
  ] as const;
  console.log('');
  for (const [what, ok, budget] of checks) console.log(`${ok ? 'ok  ' : 'OVER'} ${what} (budget ${budget})`);
  return checks.every(([, ok]) => ok);
}
