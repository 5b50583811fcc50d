import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { TestClient } from './http-client.js';
import { createTestDb, type TestDb } from './test-db.js';

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  testDb: TestDb;
  baseUrl: string;
  client: () => TestClient;
  close: () => Promise<void>;
}

/** Starts the real app on an ephemeral loopback port over a fresh database. */
export async function startTestServer(
  env: Record<string, string> = {},
  deps: { webRoot?: string } = {},
): Promise<TestServer> {
  const testDb = await createTestDb();
  const config: Config = {
    // With TEST_REDIS_URL set (CI's PostgreSQL run) every test also goes through the Redis adapter and presence.
    ...loadConfig({
      REDIS_URL: process.env.TEST_REDIS_URL,
      LOG_LEVEL: 'silent',
      DATA_DIR: testDb.dataDir,
      AUTH_RATE_LIMIT: '10000',
      MESSAGE_RATE_LIMIT: '100000',
      DIRECTORY_RATE_LIMIT: '100000',
      // Tests share the process (and a busy machine) with their server; only overload tests turn this on.
      OVERLOAD_MAX_EVENT_LOOP_DELAY: '0',
      // Tests that need AI point AI_PROVIDER at the fake provider; nothing loads a model by accident.
      AI_PROVIDER: 'off',
      ...env,
    }),
    database: testDb.database,
  };
  const app = await buildApp(config, { db: testDb.db, ...deps });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    config,
    testDb,
    baseUrl,
    client: () => new TestClient(baseUrl),
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}
