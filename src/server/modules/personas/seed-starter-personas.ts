import type { Kysely } from 'kysely';
import { STARTER_CREATOR } from '../../../contracts/personas.js';
import type { Database } from '../../db/schema.js';
import { newId, nowIso } from '../../lib/ids.js';
import { NO_PASSWORD, personaEmail } from './personas.service.js';
import { STARTER_PERSONAS } from './starter-personas.js';

/**
 * Adds the starter personas a fresh install shows (the default assistant "ai" among them).
 * Idempotent and safe when several processes start at once: existing usernames are left alone.
 */
export async function seedStarterPersonas(db: Kysely<Database>): Promise<number> {
  const usernames = STARTER_PERSONAS.map((p) => p.username);
  const existing = await db
    .selectFrom('users')
    .select('username')
    .where('username', 'in', usernames)
    .execute();
  const present = new Set(existing.map((r) => r.username));
  const now = nowIso();
  const missing = STARTER_PERSONAS.filter((p) => !present.has(p.username)).map((p) => ({
    id: newId(),
    ...p,
    email: personaEmail(p.username),
    passwordHash: NO_PASSWORD,
    createdByUsername: STARTER_CREATOR,
    isAi: 1 as const,
    createdAt: now,
    updatedAt: now,
  }));
  if (missing.length === 0) return 0;
  await db
    .insertInto('users')
    .values(missing)
    .onConflict((oc) => oc.doNothing())
    .execute();
  return missing.length;
}
