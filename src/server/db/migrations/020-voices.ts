import type { Kysely } from 'kysely';

/*
 * Read-aloud voices. On a persona these columns are the voice everyone hears its messages in; on a person they
 * are the voice that person hears people's messages in. Defaults are SPEC §9's: the browser's en-US voice ('')
 * at rate 1 and pitch 0.8. Double precision on both engines, so 0.8 reads back as 0.8 (PostgreSQL's real would
 * give 0.800000011920929).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('voice_name', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('voice_rate', 'double precision', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('voice_pitch', 'double precision', (col) => col.notNull().defaultTo(0.8))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['voice_pitch', 'voice_rate', 'voice_name']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
