/**
 * Socket flood: while one signed-in person floods the server with 5,000 socket events a second (from its own
 * process, reconnecting whenever it is disconnected), does everyone else stay served? Another person sends a
 * message every 20 ms through POST /api/messages (what the web app uses) to a third, who receives it over
 * the socket. Quiet and flooded phases are interleaved in the same run; the budget is the ratio of their p99s.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Message } from '../src/contracts/messages.js';
import type { SelfUser } from '../src/contracts/users.js';
import { TestClient } from '../src/server/test/http-client.js';
import { startServerProcess } from '../src/server/test/server-process.js';
import { connectPeers, percentile, type Peer } from './chat/harness.js';

const PHASE_SECONDS = 5;
/**
 * Five rounds: each phase's p99 is about the third-slowest of 250 messages, so one pause moves a round's ratio
 * by more than the budget (1.08–3.12 in one run); with three rounds one such pair decided the median.
 */
const ROUNDS = 5;
const FLOOD_PER_SECOND = 5000;
const SEND_EVERY_MS = 20;
const BUDGET_RATIO = 2;

async function signUp(baseUrl: string, tag: string): Promise<Peer & { client: TestClient }> {
  const client = new TestClient(baseUrl);
  const unique = `${tag}${Date.now().toString(36)}`;
  const res = await client.post<SelfUser>('/api/users/signup', {
    name: tag,
    username: unique,
    email: `${unique}@example.com`,
    password: 'benchmark password',
  });
  if (res.status !== 201) throw new Error(`signup failed: ${JSON.stringify(res.body)}`);
  return { userId: res.body._id, cookie: client.cookieHeader, client };
}

interface PhaseFigures {
  httpP99: number;
  deliveryP99: number;
  sent: number;
  delivered: number;
}

/** A sends to B every SEND_EVERY_MS for PHASE_SECONDS; returns HTTP and delivery p99. */
async function measure(baseUrl: string, a: Peer, b: Peer): Promise<PhaseFigures> {
  const { sockets, close } = await connectPeers(baseUrl, [b]);
  const receiver = sockets[0];
  if (!receiver) throw new Error('no receiver socket');
  const sentAt = new Map<string, number>();
  const delivery: number[] = [];
  receiver.on('newMessage', (m: Message) => {
    const at = sentAt.get(m.text);
    if (at !== undefined) delivery.push(performance.now() - at);
  });
  const http: number[] = [];
  const inFlight: Promise<void>[] = [];
  const end = performance.now() + PHASE_SECONDS * 1000;
  for (let i = 0; performance.now() < end; i++) {
    const text = `m${i}-${Math.random().toString(36).slice(2)}`;
    const started = performance.now();
    sentAt.set(text, started);
    inFlight.push(
      fetch(`${baseUrl}/api/messages`, {
        method: 'POST',
        headers: { cookie: a.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ message: text, recipientId: b.userId }),
      }).then(async (res) => {
        await res.arrayBuffer();
        http.push(performance.now() - started);
      }),
    );
    await new Promise((r) => setTimeout(r, SEND_EVERY_MS));
  }
  await Promise.all(inFlight);
  await new Promise((r) => setTimeout(r, 500));
  close();
  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
  return {
    httpP99: percentile(sorted(http), 99),
    deliveryP99: percentile(sorted(delivery), 99),
    sent: sentAt.size,
    delivered: delivery.length,
  };
}

/** The flooder's process: seen marks on its conversation with `target`, and messages to them. */
function flood(
  baseUrl: string,
  flooder: Peer,
  target: { conversationId: string; userId: string },
): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/flood/flooder.ts',
      baseUrl,
      flooder.cookie,
      flooder.userId,
      String(FLOOD_PER_SECOND),
      String(PHASE_SECONDS + 1),
      target.conversationId,
      target.userId,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.once('exit', () => resolve(out.trim())));
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return `min ${s[0]?.toFixed(2)} / median ${s[Math.floor(s.length / 2)]?.toFixed(2)} / max ${s.at(-1)?.toFixed(2)}`;
};

/** Runs the flood benchmark; true when the flooded p99s stay within BUDGET_RATIO of the quiet ones. */
export async function runFloodBench(): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-flood-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '1000',
    MESSAGE_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
    AI_PROVIDER: 'off',
  });
  const httpRatios: number[] = [];
  const deliveryRatios: number[] = [];
  try {
    const [a, b, flooder, victim] = [
      await signUp(server.baseUrl, 'sender'),
      await signUp(server.baseUrl, 'receiver'),
      await signUp(server.baseUrl, 'flooder'),
      await signUp(server.baseUrl, 'victim'),
    ];
    const first = await flooder.client.post<Message>('/api/messages', {
      message: 'hi',
      recipientId: victim.userId,
    });
    const target = { conversationId: first.body.conversationId, userId: victim.userId };
    console.log(
      '\n| round | phase | HTTP p99 ms | delivery p99 ms | delivered | flooder |\n|---|---|---|---|---|---|',
    );
    for (let round = 1; round <= ROUNDS; round++) {
      const quiet = await measure(server.baseUrl, a, b);
      console.log(
        `| ${round} | quiet | ${quiet.httpP99.toFixed(1)} | ${quiet.deliveryP99.toFixed(1)} | ${quiet.delivered}/${quiet.sent} | |`,
      );
      const flooding = flood(server.baseUrl, flooder, target);
      await new Promise((r) => setTimeout(r, 500));
      const loud = await measure(server.baseUrl, a, b);
      const report = await flooding;
      console.log(
        `| ${round} | flooded | ${loud.httpP99.toFixed(1)} | ${loud.deliveryP99.toFixed(1)} | ${loud.delivered}/${loud.sent} | ${report} |`,
      );
      httpRatios.push(loud.httpP99 / quiet.httpP99);
      deliveryRatios.push(loud.deliveryP99 / quiet.deliveryP99);
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const httpMedian = [...httpRatios].sort((x, y) => x - y)[Math.floor(ROUNDS / 2)] ?? Infinity;
  const deliveryMedian = [...deliveryRatios].sort((x, y) => x - y)[Math.floor(ROUNDS / 2)] ?? Infinity;
  const checks = [
    [`HTTP p99 flooded / quiet: ${stats(httpRatios)}`, httpMedian <= BUDGET_RATIO],
    [`delivery p99 flooded / quiet: ${stats(deliveryRatios)}`, deliveryMedian <= BUDGET_RATIO],
  ] as const;
  console.log('');
  for (const [what, ok] of checks)
    console.log(`${ok ? 'ok  ' : 'OVER'} ${what} (budget: median <= ${BUDGET_RATIO})`);
  return checks.every(([, ok]) => ok);
}
