import type { Kysely } from 'kysely';
import { addColumnWithDefault } from './schema-steps.js';

/*
 * Read-aloud voices. On a persona these columns are the voice everyone hears its messages in; on a person they
 * are the voice that person hears people's messages in. Defaults are SPEC §9's: the browser's en-US voice ('')
 * at rate 1 and pitch 0.8. Double precision on both engines, so 0.8 reads back as 0.8 (PostgreSQL's real would
 * give 0.800000011920929).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumnWithDefault(db, 'users', 'voice_name', 'text', '');
  await addColumnWithDefault(db, 'users', 'voice_rate', 'double precision', 1);
  await addColumnWithDefault(db, 'users', 'voice_pitch', 'double precision', 0.8);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['voice_pitch', 'voice_rate', 'voice_name']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
