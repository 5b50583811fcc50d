/**
 * Chat: what users do, measured against the real server as its own process (SQLite, or PostgreSQL when
 * TEST_DATABASE_URL is set), from load-generator processes, with a bare Fastify + socket.io relay as the
 * yardstick in the same run. Parts: users at scale, saturation (interleaved with the bare relay), past
 * capacity, idle sockets. CHAT_BENCH_USERS (e.g. `250,2000`) picks the levels, CHAT_BENCH_GENERATORS the
 * number of load-generator processes, CHAT_BENCH_PUSH=hang gives everyone a push service that never answers.
 */
import os from 'node:os';
import {
  CAPACITY_ENV,
  connectSet,
  onAll,
  startGenerators,
  withServers,
  type Generator,
} from './chat/harness.js';
import { startHangingPushService, subscribeEveryone } from './chat/hanging-push.js';
import { bareSenders, seedCast, shareOf } from './chat/people.js';
import { HANGING_PUSH, type ConnectResult, type UserSpec } from './chat/protocol.js';
import { pastCapacity, saturation, type Target } from './chat/saturation.js';
import { idleSockets, usersAtScale } from './chat/users-at-scale.js';
import { benchDatabase } from './lib/bench-database.js';

const LEVELS = (process.env.CHAT_BENCH_USERS ?? '250,500,1000,2000').split(',').map(Number);
const GENERATORS = Number(process.env.CHAT_BENCH_GENERATORS ?? Math.max(2, os.availableParallelism()));
const SENDERS = 200;
/** People using the web app past capacity: enough that the server's cap on calls in flight (256) is reached. */
const PEOPLE_PAST_CAPACITY = 2000;

/** Connects people to a server as the generators' user set `set`; prints what failed. */
function connect(
  target: Target,
  generators: Generator[],
  users: UserSpec[],
  opts: { byPair?: boolean },
): Promise<ConnectResult> {
  return connectSet(target, generators, (g) => shareOf(users, g, generators.length, opts));
}

/** Runs the chat benchmark; true when every budget holds. */
export async function runChatBench(): Promise<boolean> {
  const { database, env: dbEnv, drop } = await benchDatabase();
  const env: Record<string, string> = { ...dbEnv, ...CAPACITY_ENV };
  const generators = startGenerators(GENERATORS);
  const push = HANGING_PUSH ? await startHangingPushService() : undefined;
  try {
    const crowdSize = Math.max(...LEVELS, PEOPLE_PAST_CAPACITY);
    const cast = await seedCast(database, crowdSize, SENDERS, GENERATORS);
    if (push) {
      const everyone = [...cast.crowd, ...cast.senders].map((person) => person.userId);
      await subscribeEveryone(database, everyone, push.url);
      env.PUSH_ALLOW_LOCAL_ENDPOINTS = 'true';
    }
    console.log(
      `database: ${database.kind}; ${crowdSize} + ${SENDERS} people seeded; ${GENERATORS} load generators` +
        (push ? '; everyone has a push service that never answers, every tab hidden' : ''),
    );
    return await withServers(env, async (appServer, bareServer) => {
      const scaleOk = await usersAtScale(appServer, generators, cast.crowd, LEVELS);
      const app: Target = { name: 'app', server: appServer, set: 'senders-app' };
      const bare: Target = { name: 'bare', server: bareServer, set: 'senders-bare' };
      await connect(app, generators, cast.senders, { byPair: true });
      await connect(bare, generators, bareSenders(SENDERS), { byPair: true });
      const saturationOk = await saturation(app, bare, generators, SENDERS);
      const people: Target = { name: 'app (people)', server: appServer, set: 'people' };
      const crowd = cast.crowd.slice(0, PEOPLE_PAST_CAPACITY);
      const { connected } = await connect(people, generators, crowd, {});
      const capacityOk = await pastCapacity(app, { ...people, count: connected }, generators);
      for (const set of [app.set, bare.set, people.set])
        await onAll(generators, () => ({ kind: 'close', set }));
      // Last, because closing 10,000 sockets keeps the server busy for a while.
      const idleOk = await idleSockets(appServer, generators, cast.crowd);
      return scaleOk && saturationOk && capacityOk && idleOk;
    });
  } finally {
    generators.forEach((g) => g.stop());
    await push?.close();
    await drop();
  }
}
