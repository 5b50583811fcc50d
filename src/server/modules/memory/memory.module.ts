import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { perMinute } from '../../lib/limits.js';
import { signedInOnly } from '../../plugins/session.js';
import type { Realtime } from '../../realtime/realtime.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { AiEngine } from '../ai/engine.js';
import { memoryRepository } from './memory.repository.js';
import { memoryRoutes } from './memory.routes.js';
import { memoryService, type MemoryService } from './memory.service.js';

/** Memory edits a person may make: plenty for tidying a full list by hand, not a write per keystroke. */
const MEMORY_EDITS_PER_MINUTE = 120;
const MEMORY_EDITS_BURST = 40;

/** A persona's memory of each person: its calls, and the service persona replies feed and read. */
export async function registerMemory(
  app: FastifyInstance,
  deps: { db: Db; accounts: AccountsRepository; engine: AiEngine; realtime: Realtime },
): Promise<MemoryService> {
  const memory = memoryService({
    repo: memoryRepository(deps.db.kysely),
    accounts: deps.accounts,
    engine: deps.engine,
    emitter: deps.realtime.emitter,
    locks: deps.realtime.locks,
    log: app.log,
  });
  const edits = deps.realtime.limits.limiter(
    'memory-edits',
    perMinute(MEMORY_EDITS_PER_MINUTE, MEMORY_EDITS_BURST),
  );
  await app.register(signedInOnly(memoryRoutes), { memory, edits });
  return memory;
}
