import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type Engine = Config['database']['kind'];

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
}

/** Opens the configured database: a SQLite file in WAL mode by default, PostgreSQL for a postgres:// URL. */
export function openDatabase(
  database: Config['database'],
  onIdleClientError: (error: Error) => void = () => {},
): Db {
  const plugins = [new CamelCasePlugin()];
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // A server restart or failover errors idle clients; without a listener that would crash the process.
    pool.on('error', onIdleClientError);
    return {
      kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins }),
      engine: 'postgres',
    };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins }),
    engine: 'sqlite',
  };
}

/** Whether an error is a unique-constraint violation, on either engine. */
export function isUniqueViolation(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Which column a unique violation is about, as far as the driver says. */
export function violatedColumn(error: Error): string {
  const detail = (error as { detail?: string; constraint?: string }).constraint ?? error.message;
  return detail.toLowerCase();
}
