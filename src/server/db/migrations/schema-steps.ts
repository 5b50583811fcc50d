import type { ColumnDefinitionBuilder, CreateIndexBuilder, Kysely } from 'kysely';

/*
 * Steps the migrations repeat. Migrations are history: a step's SQL must never change, or a fresh database
 * would no longer get the schema the older ones got. A new need gets a new step.
 */

/** A required reference to another table's row, deleted with it. */
export function cascadeTo(table: string): (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return (c) => c.notNull().references(`${table}.id`).onDelete('cascade');
}

/** Adds a required column to an existing table; the rows already there take `value`. */
export async function addColumnWithDefault(
  db: Kysely<unknown>,
  table: string,
  column: string,
  type: 'text' | 'integer' | 'double precision',
  value: string | number,
): Promise<void> {
  await db.schema
    .alterTable(table)
    .addColumn(column, type, (c) => c.notNull().defaultTo(value))
    .execute();
}

/** An index over `columns` of `table`, ready to be narrowed (`.unique`, `.where` on `sql.ref`) and executed. */
export function indexOn(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
): CreateIndexBuilder {
  return db.schema.createIndex(name).on(table).columns(columns);
}
