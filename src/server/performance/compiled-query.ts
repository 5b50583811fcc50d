import type { Compilable, CompiledQuery, Kysely, QueryResult, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Stands for a value given at each call. Typed `never` because it fits any column's type (the real value
 * arrives at run time, checked by the caller's own `args` type).
 */
export type Param<P extends string> = (name: P) => never;

const MARK = '\u0000param:';

/** A prepared SQLite statement as better-sqlite3 gives it, cut to what running one needs. */
export interface DirectStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
}

// The SQLite connection behind a Kysely instance, for queries run inside that instance's transactions.
const directConnections = new WeakMap<Executor, (sqlText: string) => DirectStatement>();

/**
 * Lets compiled queries that run inside a transaction of `db` go straight to its SQLite connection.
 * Kysely's way there (executor, connection provider, driver, one promise per step) cost about a third as
 * much as SQLite's own work on a send's two statements (decision 015). Only inside a transaction:
 * the transaction holds the one connection, so nothing else can be running on it; outside one, a direct
 * statement could slip into another caller's open transaction, so those calls keep Kysely's mutex.
 */
export function runDirectlyInTransactions(
  db: Kysely<Database>,
  prepare: (sqlText: string) => DirectStatement,
): void {
  directConnections.set(db, prepare);
}

/** Runs a statement as Kysely's SQLite driver would, with the same result shape. */
function runDirect<R>(statement: DirectStatement, parameters: readonly unknown[]): QueryResult<R> {
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

// An executor's plugin-free twin, made once: a group commit's transaction runs dozens of compiled queries.
const plainTwins = new WeakMap<Executor, Executor>();
function plainOf(executor: Executor): Executor {
  let twin = plainTwins.get(executor);
  if (!twin) plainTwins.set(executor, (twin = executor.withoutPlugins()));
  return twin;
}

/**
 * A hot-path query built and compiled by Kysely once, then run with new parameter values each call.
 * Building and compiling (plus the camel-case plugin's rewrite) cost more than running a prepared
 * statement; this keeps Kysely's typed builder for writing the query and skips that work afterwards.
 * Each `param(name)` becomes a marker value in the compiled parameters, replaced by `args[name]` per call,
 * so the SQL text is fixed and the driver's prepared-statement cache hits.
 */
export function compiledOnce<P extends string, R>(
  db: Kysely<Database>,
  build: (param: Param<P>) => Compilable<R>,
): (args: Readonly<Record<P, unknown>>, executor?: Executor) => Promise<QueryResult<R>> {
  let compiled: { query: CompiledQuery<R>; slots: Array<P | undefined> } | undefined;
  const compile = () => {
    const query = build((name: P) => `${MARK}${name}` as never).compile();
    const slots = query.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(MARK) ? (value.slice(MARK.length) as P) : undefined,
    );
    return { query, slots };
  };
  let toCamel: ((row: Record<string, unknown>) => R) | undefined;
  return async (args, executor = db) => {
    compiled ??= compile();
    const { query, slots } = compiled;
    const parameters = slots.map((slot, i) => (slot === undefined ? query.parameters[i] : args[slot]));
    const direct = executor.isTransaction ? directConnections.get(db) : undefined;
    // Without the camel-case plugin, whose per-value checks cost more than the query on a list of rows:
    // the column names of a fixed query are converted once, then copied row by row.
    const result = direct
      ? runDirect<Record<string, unknown>>(direct(query.sql), parameters)
      : await plainOf(executor).executeQuery<Record<string, unknown>>({ ...query, parameters });
    const [first] = result.rows;
    if (first) toCamel ??= camelRowMapper(Object.keys(first));
    return { ...result, rows: toCamel ? result.rows.map(toCamel) : [] };
  };
}

/** Copies a row with snake_case column names into one with the camelCase names the app's types use. */
function camelRowMapper<R>(columns: string[]): (row: Record<string, unknown>) => R {
  const names = columns.map((column) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));
  return (row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i += 1) out[names[i] as string] = row[columns[i] as string];
    return out as R;
  };
}
