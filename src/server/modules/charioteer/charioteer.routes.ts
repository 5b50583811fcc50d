import type { FastifyInstance } from 'fastify';
import {
  InterjectRequest,
  PickSpeakerRequest,
  ResumeDiscussionRequest,
  StartDiscussionRequest,
} from '../../../contracts/charioteer.js';
import { parseInput } from '../../lib/http-error.js';
import type { Limiter } from '../../lib/limits.js';
import { rateLimited } from '../../plugins/rate-limited.js';
import type { CharioteerService } from './charioteer.service.js';

type WithId = { Params: { id: string } };

/** The Charioteer's calls: a roundtable of personas the signed-in user runs and steers. */
export async function charioteerRoutes(
  app: FastifyInstance,
  deps: {
    charioteer: CharioteerService;
    /** How fast a person may join in. */
    joinIns: Limiter;
  },
): Promise<void> {
  const { charioteer } = deps;
  const base = '/api/charioteer/discussions';

  app.post(base, async (request, reply) => {
    const user = request.user;
    return reply
      .status(201)
      .send(await charioteer.start(user, parseInput(StartDiscussionRequest, request.body)));
  });
  app.get(base, async (request) => charioteer.list(request.user));
  app.get<WithId>(`${base}/:id`, async (request) => charioteer.get(request.user, request.params.id));
  app.post<WithId>(`${base}/:id/pause`, async (request) => charioteer.pause(request.user, request.params.id));
  app.post<WithId>(`${base}/:id/resume`, async (request) =>
    charioteer.resume(
      request.user,
      request.params.id,
      parseInput(ResumeDiscussionRequest, request.body ?? {}),
    ),
  );
  app.post<WithId>(`${base}/:id/stop`, async (request) => charioteer.stop(request.user, request.params.id));
  app.post<WithId>(`${base}/:id/next`, async (request) => {
    const { personaId } = parseInput(PickSpeakerRequest, request.body);
    return charioteer.pickNext(request.user, request.params.id, personaId);
  });
  app.post<WithId>(`${base}/:id/messages`, rateLimited(deps.joinIns), async (request, reply) => {
    const { text } = parseInput(InterjectRequest, request.body);
    return reply.status(201).send(await charioteer.interject(request.user, request.params.id, text));
  });
  app.post<WithId>(`${base}/:id/export`, async (request, reply) =>
    reply.status(201).send(await charioteer.exportAsNote(request.user, request.params.id)),
  );
}
