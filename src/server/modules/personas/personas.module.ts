import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import { personasRepository } from './personas.repository.js';
import { personasRoutes } from './personas.routes.js';
import { personasService } from './personas.service.js';

/** AI personas: creation, the creator's edits and the directory. */
export async function registerPersonas(
  app: FastifyInstance,
  deps: { db: Db; accounts: AccountsRepository },
): Promise<void> {
  const personas = personasService(personasRepository(deps.db.kysely), deps.accounts);
  await app.register(personasRoutes, { personas });
}
