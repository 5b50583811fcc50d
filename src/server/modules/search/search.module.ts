import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { perMinute, type Limits } from '../../lib/limits.js';
import { signedInOnly } from '../../plugins/session.js';
import { messageIndex } from './message-index.js';
import { searchRepository } from './search.repository.js';
import { searchRoutes } from './search.routes.js';
import { searchService } from './search.service.js';

// Searching as one types sends a query per pause; a person looping over searches must not take everyone's CPU.
const SEARCH_BURST = 30;

/** Search over a person's messages, saved items and discussions. */
export async function registerSearch(
  app: FastifyInstance,
  deps: { db: Db; config: Config; limits: Limits },
): Promise<void> {
  const rate = deps.config.searchRateLimitPerMinute;
  const searchLimiter = deps.limits.limiter('search', perMinute(rate, Math.min(rate, SEARCH_BURST)));
  const messages = deps.db.engine === 'sqlite' ? messageIndex(deps.db.kysely, app.log) : undefined;
  // The database closes after the app (server.ts), so a batch under way finishes first.
  app.addHook('onClose', async () => messages?.close());
  const search = searchService(searchRepository(deps.db), messages);
  await app.register(signedInOnly(searchRoutes), { search, searchLimiter });
}
