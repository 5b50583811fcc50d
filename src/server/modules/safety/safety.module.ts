import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { perMinute } from '../../lib/limits.js';
import { signedInOnly } from '../../plugins/session.js';
import type { Realtime } from '../../realtime/realtime.js';
import { userByIdQuery } from '../accounts/accounts.repository.js';
import { blocksRepository } from './blocks.repository.js';
import { blocksRoutes } from './blocks.routes.js';
import { blocksService, type BlocksService } from './blocks.service.js';

/** Blocks and unblocks a person may make: enough to clean up a list, not a toggle per keystroke. */
const BLOCK_CHANGES_PER_MINUTE = 30;
const BLOCK_CHANGES_BURST = 10;

/** Safety (issue 42): blocks, and the service every path that shows or delivers something checks them with. */
export async function registerSafety(
  app: FastifyInstance,
  deps: { db: Db; realtime: Realtime; singleProcess: boolean },
): Promise<BlocksService> {
  const blocks = blocksService({
    repo: blocksRepository(deps.db.kysely),
    findUser: userByIdQuery(deps.db.kysely),
    emitter: deps.realtime.emitter,
    changedElsewhere: deps.singleProcess ? deps.db.writesElsewhere : undefined,
  });
  const changes = deps.realtime.limits.limiter(
    'block-changes',
    perMinute(BLOCK_CHANGES_PER_MINUTE, BLOCK_CHANGES_BURST),
  );
  await app.register(signedInOnly(blocksRoutes), { blocks, changes });
  return blocks;
}
