import type { Kysely } from 'kysely';

// A replaced picture is deleted once no account uses it; this finds its users without a table scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_profile_pic_idx').on('users').column('profile_pic').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_profile_pic_idx').execute();
}
