/**
 * `npx tsx bench/profile.ts [http-send|socket-send|conversations]`: runs the real server under
 the V8 profiler (the inspector's Profiler domain, what `node --cpu-prof` uses), drives one hot path for a few seconds and prints where the server's CPU time went,
 * by package and by function (self time). This is the tool behind the profiles of
 * docs/archive/performance-diary-2026.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, request, WebSocket } from 'undici';
import { io, type Socket } from 'socket.io-client';
import { startServerProcess } from '../src/server/test/server-process.js';
import { CAPACITY_ENV } from './chat/harness.js';
import { summarise, type CpuProfile } from './lib/cpu-profile.js';
import { seedPeople, type SeededUser } from './lib/seed.js';

const PEOPLE = 200;
const SECONDS = 8;
const CONCURRENCY = 64;

/** A Chrome DevTools Protocol session on the server's inspector, so only the load window is profiled. */
interface Inspector {
  call(method: string): Promise<unknown>;
  close(): void;
}

async function inspectorOf(output: () => string): Promise<Inspector> {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(output())?.[1];
  if (!url) throw new Error(`the server printed no inspector address:\n${output()}`);
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  const pending = new Map<number, (result: unknown) => void>();
  ws.onmessage = (event) => {
    const reply = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (reply.id !== undefined) pending.get(reply.id)?.(reply.result);
  };
  let nextId = 0;
  return {
    call: (method) =>
      new Promise((resolve) => {
        nextId += 1;
        pending.set(nextId, resolve);
        ws.send(JSON.stringify({ id: nextId, method }));
      }),
    close: () => ws.close(),
  };
}

function connect(baseUrl: string, user: SeededUser): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, {
      transports: ['websocket'],
      extraHeaders: { cookie: user.cookie },
      reconnection: false,
      forceNew: true,
      timeout: 10_000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Keeps `CONCURRENCY` calls in flight for `SECONDS`; returns how many completed. */
async function closedLoop(call: (i: number) => Promise<void>): Promise<number> {
  const until = performance.now() + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, lane) => {
      for (let i = lane; performance.now() < until; i += CONCURRENCY) {
        await call(i);
        done += 1;
      }
    }),
  );
  return done;
}

async function main(): Promise<void> {
  const target = process.argv[2] ?? 'http-send';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-profile-'));
  // A ring of contacts, and a first person with 50 conversations (what the conversation list is measured with).
  const pairs = [
    ...Array.from({ length: PEOPLE }, (_, i) => [i, (i + 1) % PEOPLE] as const),
    ...Array.from({ length: 50 }, (_, i) => [0, i + 2] as const),
  ];
  const people = await seedPeople(
    { kind: 'sqlite', file: path.join(dataDir, 'simplified.db') },
    PEOPLE,
    pairs,
  );
  const server = await startServerProcess({ ...CAPACITY_ENV, DATA_DIR: dataDir }, undefined, [
    '--inspect=127.0.0.1:0',
  ]);
  const inspector = await inspectorOf(server.output);
  const origin = new URL(server.baseUrl).origin;
  const agent = new Agent({ connections: CONCURRENCY, pipelining: 1 });
  const sockets = await Promise.all(people.map((p) => connect(server.baseUrl, p)));
  const peerOf = (i: number) => people[(i + 1) % PEOPLE] as SeededUser;
  let work = 0;
  let unit = 'message';
  await inspector.call('Profiler.enable');
  await inspector.call('Profiler.start');
  if (target === 'http-send') {
    work = await closedLoop(async (i) => {
      const me = people[i % PEOPLE] as SeededUser;
      const res = await request(`${server.baseUrl}/api/messages`, {
        method: 'POST',
        dispatcher: agent,
        headers: { cookie: me.cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ recipientId: peerOf(i % PEOPLE).userId, message: `profile ${i}` }),
      });
      await res.body.dump();
    });
  } else if (target === 'socket-send') {
    work = await closedLoop(
      (i) =>
        new Promise<void>((resolve) => {
          sockets[i % PEOPLE]?.emit(
            'sendMessage',
            { recipientId: peerOf(i % PEOPLE).userId, message: `profile ${i}` },
            () => resolve(),
          );
        }),
    );
  } else {
    unit = 'request';
    const me = people[0] as SeededUser;
    work = await closedLoop(async () => {
      const res = await request(`${server.baseUrl}/api/messages/conversations`, {
        dispatcher: agent,
        headers: { cookie: me.cookie },
      });
      await res.body.dump();
    });
  }
  const { profile } = (await inspector.call('Profiler.stop')) as { profile: CpuProfile };
  inspector.close();
  sockets.forEach((s) => s.close());
  await agent.close();
  await server.stop();
  const file = path.join(dataDir, `${target}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  console.log(`## ${target}: ${(work / SECONDS).toFixed(0)} ${unit}s/s (profile for DevTools: ${file})\n`);
  summarise(profile, work, unit);
}

await main();
