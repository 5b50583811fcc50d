import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** What readiness depends on besides the database. */
export interface ReadinessDeps {
  /** Whether Redis is reachable; absent when the process runs without it. */
  redisUp?: () => boolean;
  /** Whether the process is shutting down (see drain.ts). */
  isDraining: () => boolean;
}

/**
 * `GET /api/health`: the process is alive and its database answers (a restart would not help otherwise).
 * `GET /api/ready`: this process should get traffic: database and Redis reachable (migrations ran before it
 * listened), not shutting down. A load balancer routes by readiness and restarts by health.
 */
export function registerProbes(app: FastifyInstance, db: Kysely<Database>, deps: ReadinessDeps): void {
  app.get('/api/health', async () => {
    await sql`select 1`.execute(db);
    return { ok: true };
  });

  app.get('/api/ready', async (_request, reply) => {
    const database = await sql`select 1`.execute(db).then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    const redis = deps.redisUp === undefined ? 'not used' : deps.redisUp() ? 'ok' : 'unreachable';
    const draining = deps.isDraining();
    const checks = { database, redis, shutdown: draining ? 'in progress' : 'no' };
    const problems = [
      database !== 'ok' && 'the database is unreachable',
      redis === 'unreachable' && 'Redis is unreachable',
      draining && 'the server is shutting down',
    ].filter(Boolean);
    if (problems.length === 0) return { ready: true, checks };
    return reply.code(503).send({ error: `Not ready: ${problems.join(', ')}`, code: 'not_ready', checks });
  });
}
