import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Realtime } from '../../realtime/realtime.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import { ERRORS } from '../../../contracts/errors.js';
import { dailyAllowance } from '../../lib/daily-allowance.js';
import { perMinute } from '../../lib/limits.js';
import type { ActionsService } from '../actions/actions.service.js';
import type { BlocksService } from '../safety/blocks.service.js';
import type { AiBudget } from '../ai/ai-budget.js';
import type { AiEngine } from '../ai/engine.js';
import { charioteerRepository } from './charioteer.repository.js';
import { charioteerRoutes } from './charioteer.routes.js';
import { charioteerRunner } from './charioteer.runner.js';
import { charioteerService } from './charioteer.service.js';
import { signedInOnly } from '../../plugins/session.js';

const JOIN_IN_BURST = 20;

/** How often each process looks for running discussions that no process runs, to take them over. */
export const TAKEOVER_EVERY_MS = 10_000;

/**
 * The Charioteer: discussions among personas, streamed to their owner, each run by one process at a time;
 * a discussion left running by a process that died or shut down is taken over by the next look.
 */
export async function registerCharioteer(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    engine: AiEngine;
    budget: AiBudget;
    accounts: AccountsRepository;
    actions: ActionsService;
    realtime: Realtime;
    blocks: BlocksService;
  },
): Promise<void> {
  const repo = charioteerRepository(deps.db.kysely);
  const rate = deps.config.messageRateLimitPerMinute;
  const { realtime } = deps;
  // The in-memory adapter of a lone process has no one to tell.
  const others = realtime.redis ? realtime.io : undefined;
  const runner = charioteerRunner({
    engine: deps.engine,
    budget: deps.budget,
    limits: deps.config.ai,
    locks: realtime.locks,
    repo,
    accounts: deps.accounts,
    emitter: realtime.emitter,
    log: app.log,
    abortElsewhere: others && ((discussionId) => others.serverSideEmit('charioteerAbort', discussionId)),
  });
  others?.on('charioteerAbort', (discussionId) => void runner.abortHere(discussionId));
  app.keepDuringDrain(() => runner.drain());

  const takeOver = () =>
    runner.takeOver().catch((err: unknown) => app.log.warn({ err }, 'charioteer could not look for orphans'));
  const sweep = setInterval(() => void takeOver(), TAKEOVER_EVERY_MS);
  sweep.unref();
  app.addHook('onReady', async () => void takeOver());
  app.addHook('onClose', async () => clearInterval(sweep));
  await app.register(signedInOnly(charioteerRoutes), {
    charioteer: charioteerService(repo, runner, {
      actions: deps.actions,
      blocks: deps.blocks,
      starts: dailyAllowance(
        realtime.limits,
        'discussions',
        deps.config.allowances.discussions,
        ERRORS.discussionsQuota,
      ),
    }),
    // A person's words into a roundtable are written like messages, at the rate messages are.
    joinIns: realtime.limits.limiter('join-ins', perMinute(rate, Math.min(rate, JOIN_IN_BURST))),
  });
}
