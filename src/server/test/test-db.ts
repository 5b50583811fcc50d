import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedStarterPersonas } from '../modules/personas/seed-starter-personas.js';

export interface TestDb {
  db: Db;
  database: Config['database'];
  dataDir: string;
  drop: () => Promise<void>;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test file: a SQLite file in a temp folder, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database created next to that one and dropped after.
 */
export async function createTestDb(): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Config['database'];
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `simplified_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = { kind: 'postgres', url: url.toString() };
    dropDatabase = () =>
      withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {});
  } else {
    database = { kind: 'sqlite', file: path.join(dataDir, 'test.db') };
  }
  const db = openDatabase(database);
  await migrateToLatest(db);
  // Tests start from what a fresh install has, starter personas included.
  await seedStarterPersonas(db.kysely);
  return {
    db,
    database,
    dataDir,
    drop: async () => {
      await db.kysely.destroy();
      await db.closed?.();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
