import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { perMinute } from '../../lib/limits.js';
import type { CookiePolicy } from '../../plugins/session.js';
import type { Realtime } from '../../realtime/realtime.js';
import type { BlocksService } from '../safety/blocks.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { accountsRepository, type AccountsRepository } from './accounts.repository.js';
import { accountsRoutes } from './accounts.routes.js';
import { accountsService } from './accounts.service.js';
import { sessionsRepository } from './sessions.repository.js';
import { sessionsService, type SessionsService } from './sessions.service.js';

const SESSION_SWEEP_MS = 60 * 60 * 1000;

/**
 * The sessions every request and socket resolves. Made before the modules register: the session plugin and
 * the realtime server need them first.
 */
export function accountSessions(db: Db, config: Config): SessionsService {
  // Several processes (REDIS_URL) write the same database, and a cache only hears its own process's writes.
  const singleProcess = !config.redisUrl;
  return sessionsService(
    sessionsRepository(db.kysely),
    { ttlSeconds: config.sessionTtlSeconds, maxAgeSeconds: config.sessionMaxAgeSeconds },
    { usersChangedElsewhere: singleProcess ? db.writesElsewhere : undefined },
  );
}

/** People's accounts: sign-up, log-in and profiles, and the hourly sweep of expired sessions. */
export async function registerAccounts(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    sessions: SessionsService;
    cookies: CookiePolicy;
    uploads: UploadsService;
    realtime: Realtime;
    /** A person's row changed: whatever keeps names, pictures or rows of people forgets them. */
    onPersonChanged: () => void;
    blocks: BlocksService;
    /** Lifts a suspension whose time is up (moderation). */
    liftSuspension: (user: UserRow) => Promise<void>;
  },
): Promise<AccountsRepository> {
  const { config, sessions } = deps;
  const accounts = accountsRepository(deps.db.kysely);
  const rate = config.authRateLimitPerMinute;
  await app.register(accountsRoutes, {
    accounts: accountsService(accounts, deps.uploads, deps.onPersonChanged, deps.liftSuspension),
    sessions,
    cookies: deps.cookies,
    realtime: deps.realtime.emitter,
    signIns: deps.realtime.limits.limiter('sign-in', perMinute(rate, rate)),
    blocks: deps.blocks,
  });

  const sweep = setInterval(() => {
    sessions.sweepExpired().catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
  }, SESSION_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  return accounts;
}
