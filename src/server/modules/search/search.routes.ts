import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../../../contracts/errors.js';
import { SearchQuery } from '../../../contracts/search.js';
import { HttpError, parseInput } from '../../lib/http-error.js';
import type { Limiter } from '../../lib/limits.js';
import type { SearchService } from './search.service.js';

/** Our addition: GET /api/search, over what the signed-in person may read. */
export async function searchRoutes(
  app: FastifyInstance,
  deps: { search: SearchService; searchLimiter: Limiter },
): Promise<void> {
  const { search, searchLimiter } = deps;

  app.get('/api/search', async (request, reply) => {
    const reader = request.user;
    const wait = await searchLimiter.take(reader.id);
    if (wait > 0) {
      void reply.header('Retry-After', String(Math.ceil(wait / 1000)));
      throw new HttpError(429, ERRORS.tooManyRequests, 'rate_limited');
    }
    return search.search(reader, parseInput(SearchQuery, request.query));
  });
}
