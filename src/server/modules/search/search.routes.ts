import type { FastifyInstance } from 'fastify';
import { SearchQuery } from '../../../contracts/search.js';
import { parseInput } from '../../lib/http-error.js';
import type { Limiter } from '../../lib/limits.js';
import { rateLimited } from '../../plugins/rate-limited.js';
import type { SearchService } from './search.service.js';

/** Our addition: GET /api/search, over what the signed-in person may read. */
export async function searchRoutes(
  app: FastifyInstance,
  deps: { search: SearchService; searchLimiter: Limiter },
): Promise<void> {
  const { search, searchLimiter } = deps;

  app.get('/api/search', rateLimited(searchLimiter), async (request) =>
    search.search(request.user, parseInput(SearchQuery, request.query)),
  );
}
