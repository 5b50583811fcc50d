import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MODERATION_ERRORS,
  ModerationActionRequest,
  RatePersonaRequest,
  ReportRequest,
  SuspendRequest,
} from '../../../contracts/moderation.js';
import { HttpError, parseInput } from '../../lib/http-error.js';
import type { Limiter } from '../../lib/limits.js';
import { rateLimited } from '../../plugins/rate-limited.js';
import type { ModerationService } from './moderation.service.js';
import type { ReportsService } from './reports.service.js';

type WithId = { Params: { id: string } };

/** Refuses everyone but moderators, before anything else the call would do. */
async function moderatorsOnly(request: FastifyRequest): Promise<void> {
  if (request.user.isModerator !== 1) throw new HttpError(403, MODERATION_ERRORS.moderatorsOnly);
}

/** Reports from anyone signed in; the moderators' queue, actions and audit log under /api/moderation. */
export async function moderationRoutes(
  app: FastifyInstance,
  deps: { reports: ReportsService; moderation: ModerationService; reportLimiter: Limiter },
): Promise<void> {
  const { reports, moderation } = deps;

  app.post(
    '/api/reports',
    rateLimited(deps.reportLimiter, { message: MODERATION_ERRORS.tooFast }),
    async (request, reply) =>
      reply.status(201).send(await reports.report(request.user, parseInput(ReportRequest, request.body))),
  );

  await app.register(async (moderators) => {
    moderators.addHook('preHandler', moderatorsOnly);
    const reasonOf = (request: FastifyRequest) => parseInput(ModerationActionRequest, request.body).reason;
    const done = { ok: true } as const;

    moderators.get('/api/moderation/reports', async () => moderation.queue());
    moderators.get('/api/moderation/audit', async () => moderation.auditLog());

    moderators.post<WithId>('/api/moderation/reports/:id/dismiss', async (request) => {
      await moderation.dismiss(request.user, request.params.id, reasonOf(request));
      return done;
    });
    moderators.post<WithId>('/api/moderation/messages/:id/remove', async (request) => {
      await moderation.removeMessage(request.user, request.params.id, reasonOf(request));
      return done;
    });
    moderators.post<WithId>('/api/moderation/personas/:id/freeze', async (request) => {
      await moderation.freezePersona(request.user, request.params.id, reasonOf(request));
      return done;
    });
    moderators.post<WithId>('/api/moderation/personas/:id/rating', async (request) => {
      await moderation.ratePersona(
        request.user,
        request.params.id,
        parseInput(RatePersonaRequest, request.body),
      );
      return done;
    });
    moderators.post<WithId>('/api/moderation/personas/:id/unfreeze', async (request) => {
      await moderation.unfreezePersona(request.user, request.params.id, reasonOf(request));
      return done;
    });
    moderators.post<WithId>('/api/moderation/users/:id/suspend', async (request) => {
      await moderation.suspend(request.user, request.params.id, parseInput(SuspendRequest, request.body));
      return done;
    });
    moderators.post<WithId>('/api/moderation/users/:id/restore', async (request) => {
      await moderation.restore(request.user, request.params.id, reasonOf(request));
      return done;
    });
  });
}
