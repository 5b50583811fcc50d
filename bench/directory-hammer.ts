/**
 * Everyone's chat while the directory is hammered (issue 14): the real server process on SQLite with 100,000
 * personas; ~200 people send DMs through POST /api/messages at a modest steady rate and receive them on their
 * sockets; quiet phases alternate with phases where two clients loop over the slowest directory calls (Fiction tab
 * pages, a rare term, All), and control phases where they loop over the cheapest call. better-sqlite3 runs on the
 * event loop, so a slow query delays every chat message. The server runs with its default DIRECTORY_RATE_LIMIT, so
 * a looping client is answered 429 past its allowance; it asks again at once, as an attacker would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { Message } from '../src/contracts/messages.js';
import type { Config } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.js';
import { insertBenchPersonas } from './directory-personas.js';
import { cpuSecondsOf, loadAverage } from './lib/process-stats.js';
import { seedPeople, type SeededUser } from './lib/seed.js';
import { budgetLine, formatSpread, interleaved, percentile, spread } from './lib/stats.js';

const CHAT_USERS = 200;
const HAMMER_CLIENTS = 2;
/** Messages a second across everyone: each person sends one about every 5 s, like the outside probe. */
const CHAT_RATE = 40;
const PHASE_SECONDS = 8;
const CONNECT_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 10_000;
const DRAIN_MS = 2_000;
const RATIO_BUDGET = 1.5;

interface ChatResult {
  sent: number;
  delivered: number;
  errors: number;
  firstError: string;
  p50: number;
  p99: number;
}

interface PhaseResult extends ChatResult {
  directoryCalls: number;
  directoryErrors: number;
  /** Answered 429 by the per-person directory rate limit. */
  directoryRefused: number;
  directoryP50: number;
  serverCpuPercent: number;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One socket per person; a refused or timed-out connection is counted, never thrown. */
async function connectAll(
  baseUrl: string,
  people: SeededUser[],
): Promise<{ sockets: Map<string, Socket>; failures: string[] }> {
  const sockets = new Map<string, Socket>();
  const failures: string[] = [];
  await Promise.all(
    people.map(
      (person) =>
        new Promise<void>((resolve) => {
          const socket = io(baseUrl, {
            transports: ['websocket'],
            extraHeaders: { cookie: person.cookie, origin: baseUrl },
            query: { userId: person.userId },
            reconnection: false,
            forceNew: true,
            timeout: CONNECT_TIMEOUT_MS,
          });
          socket.once('connect', () => {
            sockets.set(person.userId, socket);
            resolve();
          });
          socket.once('connect_error', (error) => {
            failures.push(`${person.username}: ${error.message}`);
            socket.close();
            resolve();
          });
        }),
    ),
  );
  return { sockets, failures };
}

/** A GET or POST as the browser makes it: session cookie, Origin, and a timeout; failures are returned. */
async function request(
  baseUrl: string,
  person: SeededUser,
  url: string,
  body?: unknown,
): Promise<{ ok: boolean; status: number; headers?: Headers; error?: string }> {
  try {
    const res = await fetch(`${baseUrl}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        cookie: person.cookie,
        origin: baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return {
      ok: res.ok,
      status: res.status,
      headers: res.headers,
      error: res.ok ? undefined : `HTTP ${res.status}`,
    };
  } catch (error) {
    return { ok: false, status: 0, error: errorText(error) };
  }
}

/** Chat for PHASE_SECONDS at CHAT_RATE: person 2i writes to 2i+1 and back; latency is send to arrival. */
async function chatPhase(
  baseUrl: string,
  people: SeededUser[],
  sockets: Map<string, Socket>,
  round: number,
  label: string,
): Promise<ChatResult> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const listeners = people.map((person) => {
    const socket = sockets.get(person.userId);
    const onMessage = (message: Message) => {
      const t0 = sentAt.get(message.text);
      if (t0 === undefined || message.sender === person.userId) return;
      sentAt.delete(message.text);
      latencies.push(performance.now() - t0);
    };
    socket?.on('newMessage', onMessage);
    return () => socket?.off('newMessage', onMessage);
  });
  let sent = 0;
  let errors = 0;
  let firstError = '';
  const inFlight: Promise<void>[] = [];
  const total = CHAT_RATE * PHASE_SECONDS;
  const started = performance.now();
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * CHAT_RATE));
    for (; sent < due; sent += 1) {
      const from = sent % people.length;
      const sender = people[from] as SeededUser;
      const recipient = people[from % 2 === 0 ? from + 1 : from - 1] as SeededUser;
      const text = `hammer ${label} ${round} ${sent}`;
      sentAt.set(text, performance.now());
      inFlight.push(
        request(baseUrl, sender, '/api/messages', { message: text, recipientId: recipient.userId }).then(
          (r) => {
            if (r.ok) return;
            errors += 1;
            firstError ||= r.error ?? '';
            sentAt.delete(text);
          },
        ),
      );
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  await Promise.all(inFlight);
  const drainUntil = performance.now() + DRAIN_MS;
  while (sentAt.size > 0 && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
  listeners.forEach((off) => off());
  latencies.sort((a, b) => a - b);
  return {
    sent,
    delivered: latencies.length,
    errors,
    firstError,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/**
 * quiet: chat alone; hammered: two clients loop over the slowest directory calls; control: two clients loop over
 * the cheapest one (the AI tab's first page), to show what any two closed-loop clients cost chat on this machine.
 */
type PhaseKind = 'quiet' | 'hammered' | 'control';

/** One client's closed loop: Fiction tab pages (by cursor), a rare term and All; or, as control, the AI tab. */
async function hammer(
  baseUrl: string,
  person: SeededUser,
  kind: PhaseKind,
  stop: { now: boolean },
  latencies: number[],
  failures: string[],
  refusals: { count: number },
): Promise<void> {
  let fictionCursor = '';
  while (!stop.now) {
    const fiction = `/api/users/directory?q=fiction${fictionCursor ? `&cursor=${fictionCursor}` : ''}`;
    const urls =
      kind === 'control'
        ? ['/api/users/directory?tag=AI']
        : [fiction, '/api/users/directory?q=99999', '/api/users/directory'];
    for (const url of urls) {
      const t0 = performance.now();
      const res = await request(baseUrl, person, url);
      // Past DIRECTORY_RATE_LIMIT a looping client is refused (and, like an attacker, asks again at once).
      if (res.status === 429) refusals.count += 1;
      else if (!res.ok) failures.push(res.error ?? '');
      else latencies.push(performance.now() - t0);
      if (url === fiction) fictionCursor = res.headers?.get('x-next-cursor') ?? '';
    }
  }
}

async function phase(
  server: ServerProcess,
  people: SeededUser[],
  browsers: SeededUser[],
  sockets: Map<string, Socket>,
  round: number,
  kind: PhaseKind,
): Promise<PhaseResult> {
  const stop = { now: false };
  const directoryLatencies: number[] = [];
  const directoryFailures: string[] = [];
  const refusals = { count: 0 };
  const cpu0 = await cpuSecondsOf(server.pid);
  const t0 = performance.now();
  const loops =
    kind === 'quiet'
      ? []
      : browsers.map((b) =>
          hammer(server.baseUrl, b, kind, stop, directoryLatencies, directoryFailures, refusals),
        );
  const chat = await chatPhase(server.baseUrl, people, sockets, round, kind);
  stop.now = true;
  await Promise.all(loops);
  const seconds = (performance.now() - t0) / 1000;
  directoryLatencies.sort((a, b) => a - b);
  return {
    ...chat,
    directoryCalls: directoryLatencies.length,
    directoryErrors: directoryFailures.length,
    directoryRefused: refusals.count,
    directoryP50: percentile(directoryLatencies, 50),
    serverCpuPercent: (((await cpuSecondsOf(server.pid)) - cpu0) / seconds) * 100,
  };
}

function row(round: number, label: string, r: PhaseResult): string {
  const directory = r.directoryCalls
    ? `${r.directoryCalls} answered, p50 ${r.directoryP50.toFixed(1)} ms; ${r.directoryRefused} refused (429), ${r.directoryErrors} errors`
    : '–';
  return `| ${round + 1} | ${label} | ${r.delivered}/${r.sent} | ${r.errors}${r.firstError ? ` (${r.firstError})` : ''} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${directory} | ${r.serverCpuPercent.toFixed(0)} % |`;
}

/** Runs the hammer measurement; true when chat p50 hammered/quiet stays within the budget (median of rounds). */
export async function runDirectoryHammer(): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-hammer-'));
  const database: Config['database'] = { kind: 'sqlite', file: path.join(dataDir, 'simplified.db') };
  let server: ServerProcess | undefined;
  const sockets = new Map<string, Socket>();
  try {
    const pairs = Array.from({ length: CHAT_USERS / 2 }, (_, i) => [2 * i, 2 * i + 1] as const);
    const everyone = await seedPeople(database, CHAT_USERS + HAMMER_CLIENTS, pairs, 'hammer');
    const people = everyone.slice(0, CHAT_USERS);
    const browsers = everyone.slice(CHAT_USERS);
    const db = openDatabase(database);
    try {
      await insertBenchPersonas(db.kysely);
    } finally {
      await db.kysely.destroy();
    }
    server = await startServerProcess({
      DATA_DIR: dataDir,
      MESSAGE_RATE_LIMIT: '100000',
      AI_PROVIDER: 'off',
    });
    const connected = await connectAll(server.baseUrl, people);
    connected.sockets.forEach((socket, id) => sockets.set(id, socket));
    console.log(
      `\nhammer: ${CHAT_USERS} people chatting at ${CHAT_RATE} msg/s over POST /api/messages, ${HAMMER_CLIENTS} clients ` +
        `hammering the directory, 100,000 personas, SQLite; ${sockets.size}/${CHAT_USERS} sockets connected` +
        (connected.failures.length ? ` (first failure: ${connected.failures[0]})` : ''),
    );
    console.log(
      '| round | phase | delivered/sent | errors | chat p50 ms | chat p99 ms | directory calls (rate-limited per person) | server CPU |\n|---|---|---|---|---|---|---|---|',
    );
    const started = server;
    const measure = async (round: number, kind: PhaseKind) => {
      const r = await phase(started, people, browsers, sockets, round, kind);
      console.log(row(round, kind, r));
      return r;
    };
    // quiet, hammered, control, quiet, hammered, control…
    const { a: quiet, b: loaded } = await interleaved(
      (round) => measure(round, 'quiet'),
      async (round) => ({
        hammered: await measure(round, 'hammered'),
        control: await measure(round, 'control'),
      }),
    );
    // A phase that delivered nothing has no p50: its round counts as failed, not as fast.
    const ratios = (pick: (l: (typeof loaded)[number]) => PhaseResult) =>
      quiet.map((q, i) => {
        const l = loaded[i];
        const p = l && pick(l);
        return p?.delivered && q.delivered ? p.p50 / q.p50 : Number.POSITIVE_INFINITY;
      });
    console.log(`load average (1/5/15 min): ${loadAverage()}`);
    console.log(
      `info chat p50 control/quiet (2 clients looping over the AI tab's first page): ${formatSpread(spread(ratios((l) => l.control)))}`,
    );
    return budgetLine(
      'chat p50 hammered/quiet (directory hammered by 2 clients)',
      spread(ratios((l) => l.hammered)),
      { atMost: RATIO_BUDGET },
    );
  } catch (error) {
    console.log(`FAIL hammer: ${errorText(error)}`);
    return false;
  } finally {
    sockets.forEach((socket) => socket.close());
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
