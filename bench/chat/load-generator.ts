/**
 * One load-generator process of the chat and rooms benchmarks (started by harness.ts with `fork`): it holds its
 * share of the simulated people's sockets and HTTP connections and runs the commands the parent sends over IPC,
 * so the client side spreads over the machine's cores instead of being the bottleneck.
 */
import {
  closeSocket,
  connectInBatches,
  count,
  newUserSet,
  openSocket,
  type ChatSocket,
  type Member,
  type UserSet,
  warmConnections,
} from './clients.js';
import { roomTalk } from '../rooms/talk.js';
import { chat, openLoop, saturate, webAppPeople } from './load-phases.js';
import type { Command, ConnectResult, ErrorCounts, Reply, Request } from './protocol.js';

const CONNECT_TIMEOUT_MS = 10_000;
const sets = new Map<string, UserSet>();
const idle: ChatSocket[] = [];

function setNamed(name: string): UserSet {
  const set = sets.get(name);
  if (!set) throw new Error(`no user set ${name}`);
  return set;
}

async function connect(command: Extract<Command, { kind: 'connect' }>): Promise<ConnectResult> {
  const set = sets.get(command.set) ?? newUserSet(command.baseUrl);
  sets.set(command.set, set);
  const members: Member[] = command.users.map((spec) => ({ spec, socket: undefined, online: false }));
  for (const m of members) {
    set.members.push(m);
    set.byId.set(m.spec.userId, m);
  }
  const errors = await connectInBatches(set, members, command.batchSize, command.timeoutMs);
  return { connected: members.filter((m) => m.online).length, errors };
}

/** Extra tabs that only sit there; they hear events but nobody listens. */
async function openIdle(command: Extract<Command, { kind: 'idle' }>): Promise<ConnectResult> {
  const set = newUserSet(command.baseUrl);
  const errors: ErrorCounts = {};
  let connected = 0;
  for (let i = 0; i < command.count; i += command.batchSize) {
    const batch = Array.from({ length: Math.min(command.batchSize, command.count - i) }, (_, j) => {
      const spec = command.users[(i + j) % command.users.length];
      return { spec: spec ?? { userId: '', cookie: '', contacts: [] }, socket: undefined, online: false };
    });
    const failures = await Promise.all(batch.map((m: Member) => openSocket(set, m, command.timeoutMs)));
    failures.forEach((key) => key && count(errors, key));
    for (const m of batch) if (m.socket) idle.push(m.socket);
    connected += batch.filter((m) => m.online).length;
  }
  await set.pool.close();
  return { connected, errors };
}

async function run(command: Command): Promise<unknown> {
  switch (command.kind) {
    case 'connect':
      return connect(command);
    case 'chat':
      return chat(setNamed(command.set), { ...command, timeoutMs: CONNECT_TIMEOUT_MS });
    case 'saturate':
      return saturate(setNamed(command.set), command.path, command.seconds);
    case 'open':
      return openLoop(setNamed(command.set), command.path, command.perSecond, command.seconds);
    case 'people':
      return webAppPeople(setNamed(command.set), command.thinkMs, command.seconds);
    case 'rooms':
      return roomTalk(setNamed(command.set), command);
    case 'warm':
      return warmConnections(setNamed(command.set), CONNECT_TIMEOUT_MS);
    case 'idle':
      return openIdle(command);
    case 'closeIdle':
      idle.splice(0).forEach((socket) => socket.close());
      return null;
    case 'close': {
      const set = sets.get(command.set);
      sets.delete(command.set);
      set?.members.forEach(closeSocket);
      await set?.pool.close();
      return null;
    }
  }
}

process.on('message', (request: Request) => {
  run(request.command).then(
    (result) => process.send?.({ id: request.id, result } satisfies Reply),
    (err: unknown) => process.send?.({ id: request.id, error: String(err) } satisfies Reply),
  );
});
// The parent going away (a crash, Ctrl-C) takes the generator with it.
process.on('disconnect', () => process.exit(0));
