import type { Kysely } from 'kysely';
import { isPostgres } from './engine.js';

// Pictures live in the database rather than under DATA_DIR/uploads, so processes on different machines need no
// shared volume. The name is the file name the URL has always had (`<sha256>.<ext>`): equal pictures are
// stored once, and existing URLs keep working. Files already on disk are copied in at start (pictures-import.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pictures')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pictures').execute();
}
