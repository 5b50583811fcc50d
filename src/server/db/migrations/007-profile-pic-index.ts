import type { Kysely } from 'kysely';
import { indexOn } from './schema-steps.js';

// A replaced picture is deleted once no account uses it; this finds its users without a table scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  await indexOn(db, 'users_profile_pic_idx', 'users', ['profile_pic']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_profile_pic_idx').execute();
}
