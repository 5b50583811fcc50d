import type { Compilable, CompiledQuery, Kysely, QueryResult, Transaction } from 'kysely';
import type { Database } from './schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Stands for a value given at each call. Typed `never` because it fits any column's type (the real value
 * arrives at run time, checked by the caller's own `args` type).
 */
export type Param<P extends string> = (name: P) => never;

const MARK = '\u0000param:';

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
    // Without the camel-case plugin, whose per-value checks cost more than the query on a list of rows:
    // the column names of a fixed query are converted once, then copied row by row.
    const result = await plainOf(executor).executeQuery<Record<string, unknown>>({
      ...query,
      parameters,
    });
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
