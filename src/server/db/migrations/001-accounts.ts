import type { Kysely } from 'kysely';
import { cascadeTo, indexOn } from './schema-steps.js';

// Migrations take Kysely<unknown>: they describe the schema as it was then, not as the types say now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('profile_pic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('prompt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('memory', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tag', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by_username', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_ai', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_frozen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('users_username_unique', ['username'])
    .addUniqueConstraint('users_email_unique', ['email'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', cascadeTo('users'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await indexOn(db, 'sessions_user_id_idx', 'sessions', ['user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
