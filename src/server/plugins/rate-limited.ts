import type { FastifyRequest } from 'fastify';
import { takeOrRefuse, type Limiter } from '../lib/limits.js';

/**
 * Route options that spend one action of `limiter` before the handler runs, so a route's limit is declared
 * with the route and every route refuses alike: 429 `rate_limited` with Retry-After (the error handler sets
 * it from the HttpError's wait). The key is the signed-in person unless `key` says otherwise.
 */
export function rateLimited(
  limiter: Limiter,
  opts: { key?: (request: FastifyRequest) => string; message?: string } = {},
): { preHandler: (request: FastifyRequest) => Promise<void> } {
  const keyOf = opts.key ?? ((request: FastifyRequest) => request.user.id);
  // Named so the route table (printRoutes with hooks) shows which routes are limited; a test walks them all.
  async function rateLimit(request: FastifyRequest): Promise<void> {
    await takeOrRefuse(limiter, keyOf(request), opts.message);
  }
  return { preHandler: rateLimit };
}
