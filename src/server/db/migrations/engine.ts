import { PostgresAdapter, type Kysely } from 'kysely';

/** Migrations receive only the Kysely instance, so the dialect's adapter tells the engines apart. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
