import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../../../contracts/errors.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { dailyAllowance } from '../../lib/daily-allowance.js';
import type { Limits } from '../../lib/limits.js';
import { signedInOnly } from '../../plugins/session.js';
import { actionsRepository } from './actions.repository.js';
import { actionsRoutes } from './actions.routes.js';
import { actionsService, type ActionsService } from './actions.service.js';

/** Saved items (actions): their calls, and the service the Charioteer saves transcripts through. */
export async function registerActions(
  app: FastifyInstance,
  deps: { db: Db; config: Config; limits: Limits },
): Promise<ActionsService> {
  const actions = actionsService(
    actionsRepository(deps.db.kysely),
    dailyAllowance(deps.limits, 'saved-items', deps.config.allowances.savedItems, ERRORS.savedItemsQuota),
  );
  await app.register(signedInOnly(actionsRoutes), { actions });
  return actions;
}
