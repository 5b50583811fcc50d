import type { Kysely } from 'kysely';

// The directory lists personas in username order, by tab or by creator; each index serves one of those walks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_ai_username_idx').on('users').columns(['is_ai', 'username']).execute();
  await db.schema
    .createIndex('users_ai_tag_username_idx')
    .on('users')
    .columns(['is_ai', 'tag', 'username'])
    .execute();
  await db.schema
    .createIndex('users_ai_creator_username_idx')
    .on('users')
    .columns(['is_ai', 'created_by_username', 'username'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_ai_creator_username_idx').execute();
  await db.schema.dropIndex('users_ai_tag_username_idx').execute();
  await db.schema.dropIndex('users_ai_username_idx').execute();
}
