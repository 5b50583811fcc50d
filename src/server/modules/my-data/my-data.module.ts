import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { LimitRule } from '../../lib/limits.js';
import { signedInOnly, type CookiePolicy } from '../../plugins/session.js';
import type { Realtime } from '../../realtime/realtime.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import { verifyPassword } from '../accounts/passwords.js';
import type { SessionsService } from '../accounts/sessions.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { accountDeletionRepository } from './account-deletion.repository.js';
import { accountDeletionService } from './account-deletion.service.js';
import { archiveRepository } from './archive.repository.js';
import { archiveService } from './archive.service.js';
import { myDataRoutes } from './my-data.routes.js';

/** Archives a person may ask for: a few in a row (a failed download is tried again), then one every few minutes. */
const ARCHIVES: LimitRule = { points: 3, seconds: 10 * 60 };
/** Deletion attempts a person may make: each checks their password, so a stolen session cannot guess it. */
const DELETIONS: LimitRule = { points: 5, seconds: 10 * 60 };
const RELEASE_SWEEP_MS = 60 * 60 * 1000;

/**
 * A person's own data (issue 42): the archive of everything they own or wrote, and deleting their account. At
 * start, and hourly, held usernames whose waiting period is over are freed; a purge a restart cut short is finished.
 */
export async function registerMyData(
  app: FastifyInstance,
  deps: {
    db: Db;
    realtime: Realtime;
    sessions: SessionsService;
    cookies: CookiePolicy;
    accounts: AccountsRepository;
    uploads: UploadsService;
    /** People's or personas' rows changed: caches of them forget. */
    onPeopleChanged: () => void;
  },
): Promise<void> {
  const { kysely } = deps.db;
  const { emitter, limits } = deps.realtime;
  const archive = archiveService({
    repo: archiveRepository(kysely),
    readPicture: deps.uploads.read,
    emitter,
  });
  const deletion = accountDeletionService({
    repo: accountDeletionRepository(kysely),
    verifyPassword,
    endSessions: (userId) => deps.sessions.endOthers(userId, ''),
    emitter,
    uploads: deps.uploads,
    isPictureUsed: (url) => deps.accounts.isPictureUsed(url),
    onPeopleChanged: deps.onPeopleChanged,
  });
  await app.register(signedInOnly(myDataRoutes), {
    archive,
    deletion,
    cookies: deps.cookies,
    archives: limits.limiter('archives', ARCHIVES),
    deletions: limits.limiter('account-deletions', DELETIONS),
  });

  const housekeeping = async () => {
    await deletion.releaseUsernames();
    await deletion.finishPurges();
  };
  app.addHook('onReady', async () => {
    housekeeping().catch((err: unknown) => app.log.warn({ err }, 'deleted accounts housekeeping failed'));
  });
  const sweep = setInterval(() => {
    deletion.releaseUsernames().catch((err: unknown) => app.log.warn({ err }, 'username release failed'));
  }, RELEASE_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
