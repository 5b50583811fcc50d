/** Where a benchmark's server process keeps its data: SQLite by default, PostgreSQL with TEST_DATABASE_URL. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../src/server/config.js';
import { createTestDb } from '../../src/server/test/test-db.js';

export interface BenchDatabase {
  database: Config['database'];
  /** The server's DATA_DIR and, for PostgreSQL, its DATABASE_URL. */
  env: Record<string, string>;
  drop: () => Promise<void>;
}

/** A SQLite file where the server will look for it, or a fresh PostgreSQL database beside TEST_DATABASE_URL's. */
export async function benchDatabase(): Promise<BenchDatabase> {
  if (process.env.TEST_DATABASE_URL) {
    const test = await createTestDb();
    const url = test.database.kind === 'postgres' ? test.database.url : '';
    return { database: test.database, env: { DATA_DIR: test.dataDir, DATABASE_URL: url }, drop: test.drop };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-bench-'));
  return {
    database: { kind: 'sqlite', file: path.join(dataDir, 'simplified.db') },
    env: { DATA_DIR: dataDir },
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}
