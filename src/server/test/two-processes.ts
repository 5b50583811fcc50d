import type { BuiltUser } from './factories.js';
import { TestClient } from './http-client.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { connectSocket, type TestSocket } from './socket-client.js';
import { createTestDb, type TestDb } from './test-db.js';

/**
 * The Redis URL the scale-out suite runs against, after checking that PostgreSQL is configured too; throws
 * (the suite fails, never skips) when either is missing.
 */
export function scaleOutRedisUrl(): string {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!process.env.TEST_DATABASE_URL || !redisUrl) {
    throw new Error(
      'The scale-out suite needs TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL (Redis); .ci/run sets both.',
    );
  }
  return redisUrl;
}

/** Two real server processes on one fresh PostgreSQL database (the scale-out suite's deployment). */
export interface TwoProcesses {
  a: ServerProcess;
  b: ServerProcess;
  testDb: TestDb;
  /** The env both processes got, for starting another one like them. */
  env: Record<string, string>;
  /** Opens a socket for `user` on `server`; closed with the rest. */
  on(server: ServerProcess, user: BuiltUser, before?: (s: TestSocket) => void): Promise<TestSocket>;
  /** The same person, signed in again through `server` (sessions live in the shared database). */
  signIn(server: ServerProcess, user: BuiltUser): Promise<BuiltUser>;
  close(): Promise<void>;
}

export async function startTwoProcesses(extraEnv: Record<string, string>): Promise<TwoProcesses> {
  const testDb = await createTestDb();
  if (testDb.database.kind !== 'postgres') throw new Error('expected PostgreSQL (TEST_DATABASE_URL)');
  const env = {
    DATABASE_URL: testDb.database.url,
    DATA_DIR: testDb.dataDir,
    AI_PROVIDER: 'off',
    ...extraEnv,
  };
  const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
  const [a, b] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
  if (!a || !b) {
    // One that started would otherwise run on with its database dropped under it.
    await Promise.all([a?.stop(), b?.stop()]);
    await testDb.drop();
    const failed = started.find((result) => result.status === 'rejected');
    throw failed?.status === 'rejected' ? failed.reason : new Error('a server process did not start');
  }
  const sockets: TestSocket[] = [];
  return {
    a,
    b,
    testDb,
    env,
    async on(server, user, before) {
      const socket = await connectSocket(server.baseUrl, user.client, { userId: user.user._id }, before);
      sockets.push(socket);
      return socket;
    },
    async signIn(server, user) {
      const moved = { ...user, client: new TestClient(server.baseUrl) };
      await moved.client.post('/api/users/login', { username: user.user.username, password: user.password });
      return moved;
    },
    async close() {
      for (const s of sockets) s.close();
      await Promise.all([a.stop(), b.stop()]);
      await testDb.drop();
    },
  };
}
