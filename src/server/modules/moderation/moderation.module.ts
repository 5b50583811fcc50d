import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { perMinute } from '../../lib/limits.js';
import { signedInOnly } from '../../plugins/session.js';
import type { Realtime } from '../../realtime/realtime.js';
import { userByIdQuery } from '../accounts/accounts.repository.js';
import type { SessionsService } from '../accounts/sessions.service.js';
import { moderationRepository } from './moderation.repository.js';
import { moderationRoutes } from './moderation.routes.js';
import { moderationService } from './moderation.service.js';
import { reportsRepository } from './reports.repository.js';
import { reportsService } from './reports.service.js';

/** Reports a person may send: a few in a row, never a flood. */
const REPORTS_PER_MINUTE = 6;
const REPORTS_BURST = 5;

/** Reports, the moderators' queue and actions, and their audit log (issue 42). */
export async function registerModeration(
  app: FastifyInstance,
  deps: {
    db: Db;
    realtime: Realtime;
    sessions: SessionsService;
    /** People's or personas' rows changed: caches of them forget. */
    onPeopleChanged: () => void;
  },
): Promise<void> {
  const { kysely } = deps.db;
  const findUser = userByIdQuery(kysely);
  const reportsRepo = reportsRepository(kysely);
  const reports = reportsService({ repo: reportsRepo, findUser });
  const repo = moderationRepository(kysely);
  const moderation = moderationService({
    repo,
    reports: reportsRepo,
    findUser,
    findMessage: repo.findMessage,
    endSessions: (userId) => deps.sessions.endOthers(userId, ''),
    emitter: deps.realtime.emitter,
    onPeopleChanged: deps.onPeopleChanged,
  });
  const reportLimiter = deps.realtime.limits.limiter('reports', perMinute(REPORTS_PER_MINUTE, REPORTS_BURST));
  await app.register(signedInOnly(moderationRoutes), { reports, moderation, reportLimiter });
}
