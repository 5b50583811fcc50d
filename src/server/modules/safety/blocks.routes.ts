import type { FastifyInstance } from 'fastify';
import { SAFETY_ERRORS } from '../../../contracts/safety.js';
import type { Limiter } from '../../lib/limits.js';
import { rateLimited } from '../../plugins/rate-limited.js';
import type { BlocksService } from './blocks.service.js';

type TargetParams = { userId: string };

/** The signed-in person's blocks: who they blocked, block and unblock (both idempotent). */
export async function blocksRoutes(
  app: FastifyInstance,
  deps: { blocks: BlocksService; changes: Limiter },
): Promise<void> {
  const { blocks } = deps;
  const change = rateLimited(deps.changes, { message: SAFETY_ERRORS.tooFast });

  app.get('/api/users/blocks', async (request) => blocks.list(request.user));

  app.put<{ Params: TargetParams }>('/api/users/blocks/:userId', change, async (request, reply) => {
    await blocks.block(request.user, request.params.userId);
    return reply.status(204).send();
  });

  app.delete<{ Params: TargetParams }>('/api/users/blocks/:userId', change, async (request, reply) => {
    await blocks.unblock(request.user, request.params.userId);
    return reply.status(204).send();
  });
}
