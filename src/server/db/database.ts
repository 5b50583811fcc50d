import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { normalizeText } from '../../contracts/normalize-text.js';
import type { Config } from '../config.js';
import type { Database } from './schema.js';
import { runDirectlyInTransactions } from '../performance/compiled-query.js';
import { RESTART_FRAMES, startCheckpointer } from '../performance/sqlite-checkpointer.js';

export type Engine = Config['database']['kind'];

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /**
   * SQLite only: a number that changes whenever another connection (another process, an operator's shell)
   * commits to the file, and never for this connection's own writes (`PRAGMA data_version`). Lets a cache of
   * rows this process writes notice changes made outside it. Asked once per turn of the event loop (see
   * oncePerTurn).
   */
  writesElsewhere?: () => number;
  /**
   * Settles once everything the database had open is closed, after `kysely.destroy()`: on SQLite the
   * checkpointer's worker lets go of the file a moment later (deleting the file before that can race it).
   */
  closed?: () => Promise<void>;
  /**
   * SQLite only: while the checkpointer catches up with the WAL (sqlite-checkpointer.ts), a promise that the
   * app's main writer (the group commit) awaits before its next transaction; undefined the rest of the time.
   */
  writerPause?: () => Promise<void> | undefined;
  /** PostgreSQL only: the pool's connections now (for metrics). */
  poolUse?: () => { total: number; idle: number; waiting: number };
}

/** Opens the configured database: a SQLite file in WAL mode by default, PostgreSQL for a postgres:// URL. */
export function openDatabase(
  database: Config['database'],
  onIdleClientError: (error: Error) => void = () => {},
  onCheckpointError: (message: string) => void = () => {},
  /** SQLite: WAL frames past which the checkpointer asks for a pause to start the WAL over (tests lower it). */
  walRestartFrames = RESTART_FRAMES,
): Db {
  const plugins = [new CamelCasePlugin()];
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // A server restart or failover errors idle clients; without a listener that would crash the process.
    pool.on('error', onIdleClientError);
    return {
      kysely: new Kysely<Database>({
        dialect: new PostgresDialect({ pool: namingStatements(pool) }),
        plugins,
      }),
      engine: 'postgres',
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  // A deliberate trade (docs/archive/performance-diary-2026.md): WAL + NORMAL never loses a commit when the
  // process crashes, but on power loss the last commits before the crash may roll back; FULL would fsync
  // every commit.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Checkpoints run on a worker thread (sqlite-checkpointer.ts), never inside a commit on the event loop.
  sqlite.pragma('wal_autocheckpoint = 0');
  // When the WAL starts over after a long run of writes, its file is cut back to about what the frames it may
  // hold before a restart take (pages of SQLite's default 4 KiB, each frame also has a 24-byte header).
  sqlite.pragma(`journal_size_limit = ${walRestartFrames * 4096}`);
  registerSqlFunctions(sqlite);
  const checkpointer = startCheckpointer(database.file, onCheckpointError, walRestartFrames);
  let checkpointerStopped = Promise.resolve();
  const closing = {
    prepare: sqlite.prepare.bind(sqlite),
    close: () => {
      checkpointerStopped = checkpointer.stop();
      return sqlite.close();
    },
  };
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const statements = reusingStatements(closing);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }), plugins });
  runDirectlyInTransactions(kysely, statements.prepare);
  return {
    writesElsewhere: oncePerTurn(() => dataVersion.get() as number),
    closed: () => checkpointerStopped,
    writerPause: checkpointer.writerPause,
    kysely,
    engine: 'sqlite',
  };
}

/**
 * SQL functions the schema relies on that SQLite has no built-in for: nfkc(text), the spelling the search index
 * holds (migration 022). Every connection that writes searched rows needs them, since their triggers call them.
 */
export function registerSqlFunctions(sqlite: Pick<SQLite.Database, 'function'>): void {
  sqlite.function('nfkc', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? normalizeText(text) : text,
  );
}

/**
 * `read`'s answer, worked out at most once per turn of the event loop. `PRAGMA data_version` cost 9–25 µs a
 * call under load (profiled: 5 % of a `POST /api/messages`, which asked twice), and a busy turn handles
 * dozens of requests. A commit from elsewhere that lands during a turn is then noticed from the next one,
 * which is as if it had landed just after: it was concurrent with this turn's requests either way.
 */
export function oncePerTurn<T>(read: () => T): () => T {
  let known: { value: T } | undefined;
  return () => {
    if (known) return known.value;
    known = { value: read() };
    // setImmediate runs after this turn's I/O callbacks, so every request that arrived together shares one read.
    setImmediate(() => (known = undefined));
    return known.value;
  };
}

const STATEMENT_CACHE_MAX = 500;
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * PostgreSQL's counterpart of reusingStatements: each distinct query text gets a name, so every pooled
 * connection parses and plans it once (pg sends Parse only the first time a connection sees a name).
 * Only data statements are named (a schema change would invalidate a named plan), and only the first
 * STATEMENT_CACHE_MAX texts, because a connection keeps its named statements until it closes.
 */
function namingStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= STATEMENT_CACHE_MAX || !NAMEABLE.test(text)) return known;
    const name = `s${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      return {
        // Kysely streams through the cursor form; this app never streams, so only text queries arrive.
        // The cast narrows Kysely's overloaded signature to the text form (see above).
        query: ((text: string, values: readonly unknown[]) =>
          client.query({
            name: nameOf(text),
            text,
            values: [...values],
          })) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

/**
 * Kysely prepares every statement again on each call, which cost more than running it. This hands Kysely
 * a database whose `prepare` returns the statement prepared before for the same SQL text. Safe because
 * Kysely runs a statement to completion (`all`/`run`) before it prepares the next; nothing here streams.
 * Bounded: past the cap the oldest statement is dropped (the SQL of dynamic IN lists varies).
 */
export function reusingStatements(sqlite: Pick<SQLite.Database, 'prepare' | 'close'>): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        if (statements.size >= STATEMENT_CACHE_MAX) statements.delete(statements.keys().next().value ?? '');
        statements.set(sqlText, statement);
      }
      return statement;
    },
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
