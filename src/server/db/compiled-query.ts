import type { Compilable, CompiledQuery, Kysely, QueryResult, Transaction } from 'kysely';
import type { Database } from './schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Stands for a value given at each call. Typed `never` because it fits any column's type (the real value
 * arrives at run time, checked by the caller's own `args` type).
 */
export type Param<P extends string> = (name: P) => never;

const MARK = '\u0000param:';

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
  return async (args, executor = db) => {
    compiled ??= compile();
    const { query, slots } = compiled;
    const parameters = slots.map((slot, i) => (slot === undefined ? query.parameters[i] : args[slot]));
    return executor.executeQuery<R>({ ...query, parameters });
  };
}
