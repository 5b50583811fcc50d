import type { Kysely } from 'kysely';
import { indexOn } from './schema-steps.js';

// The directory lists personas in username order, by tab or by creator; each index serves one of those walks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await indexOn(db, 'users_ai_username_idx', 'users', ['is_ai', 'username']).execute();
  await indexOn(db, 'users_ai_tag_username_idx', 'users', ['is_ai', 'tag', 'username']).execute();
  await indexOn(db, 'users_ai_creator_username_idx', 'users', [
    'is_ai',
    'created_by_username',
    'username',
  ]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_ai_creator_username_idx').execute();
  await db.schema.dropIndex('users_ai_tag_username_idx').execute();
  await db.schema.dropIndex('users_ai_username_idx').execute();
}
