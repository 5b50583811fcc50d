import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { ActionsRepository } from '../actions/actions.repository.js';
import type { AiBudget } from '../ai/ai-budget.js';
import type { AiEngine } from '../ai/engine.js';
import { charioteerRepository } from './charioteer.repository.js';
import { charioteerRoutes } from './charioteer.routes.js';
import { charioteerRunner } from './charioteer.runner.js';
import { charioteerService } from './charioteer.service.js';
import { signedInOnly } from '../../plugins/session.js';

/** The Charioteer: discussions among personas, run by this process and streamed to their owner. */
export async function registerCharioteer(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    engine: AiEngine;
    budget: AiBudget;
    accounts: AccountsRepository;
    actions: ActionsRepository;
    emitter: RealtimeEmitter;
  },
): Promise<void> {
  const repo = charioteerRepository(deps.db.kysely);
  const runner = charioteerRunner({
    engine: deps.engine,
    budget: deps.budget,
    limits: deps.config.ai,
    repo,
    accounts: deps.accounts,
    emitter: deps.emitter,
    log: app.log,
  });
  await app.register(signedInOnly(charioteerRoutes), {
    charioteer: charioteerService(repo, runner, deps.actions),
  });
}
