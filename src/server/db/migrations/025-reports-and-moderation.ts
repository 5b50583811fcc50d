import { sql, type Kysely } from 'kysely';
import { isPostgres } from './engine.js';
import { addColumnWithDefault, indexOn } from './schema-steps.js';

const AUDIT_LOG = 'moderation_actions';
const KEPT = 'the moderation audit log cannot be changed';

/**
 * Reports and moderation (issue 42). A report keeps a snapshot of what it is about, so a later edit or deletion
 * cannot hide it. Moderators are people with `is_moderator` (set by the operator's CLI). A frozen persona or a
 * suspended person records who froze it and why. The audit log is written once: the database itself refuses
 * every change and deletion of its rows, whatever code tries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await indexOn(db, 'reports_status_idx', 'reports', ['status', 'target_user_id']).execute();
  await db.schema
    .createTable(AUDIT_LOG)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('moderator_id', 'text', (c) => c.notNull())
    .addColumn('moderator_username', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await addColumnWithDefault(db, 'users', 'is_moderator', 'integer', 0);
  // 'moderator' (a persona frozen for what it is), 'suspension' (its creator is suspended), '' (not frozen).
  await addColumnWithDefault(db, 'users', 'frozen_by', 'text', '');
  await addColumnWithDefault(db, 'users', 'frozen_reason', 'text', '');
  // A suspended person's end of suspension (ISO time), 'never' for good, '' when not suspended.
  await addColumnWithDefault(db, 'users', 'suspended_until', 'text', '');
  await keepAuditLog(db);
}

async function keepAuditLog(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function moderation_actions_kept() returns trigger language plpgsql as $$ begin raise exception '${KEPT}'; end; $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger moderation_actions_kept before update or delete on ${AUDIT_LOG} for each row execute function moderation_actions_kept()`,
      )
      .execute(db);
    return;
  }
  for (const change of ['update', 'delete'])
    await sql
      .raw(
        `create trigger moderation_actions_no_${change} before ${change} on ${AUDIT_LOG} begin select raise(abort, '${KEPT}'); end`,
      )
      .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['suspended_until', 'frozen_reason', 'frozen_by', 'is_moderator'])
    await db.schema.alterTable('users').dropColumn(column).execute();
  await db.schema.dropTable(AUDIT_LOG).execute();
  if (isPostgres(db)) await sql`drop function moderation_actions_kept()`.execute(db);
  await db.schema.dropTable('reports').execute();
}
