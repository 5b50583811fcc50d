import type { FastifyInstance } from 'fastify';
import {
  CreateAiRequest,
  DirectoryQuery,
  NEXT_CURSOR_HEADER,
  UpdateAiFieldsRequest,
} from '../../../contracts/personas.js';
import { parseInput } from '../../lib/http-error.js';
import type { Limiter } from '../../lib/limits.js';
import { rateLimited } from '../../plugins/rate-limited.js';
import { toPublicUser } from '../accounts/user-view.js';
import type { PersonasService } from './personas.service.js';

// A 2 MB picture grows by a third as base64, plus up to about 13 KB of persona text.
const CREATE_BODY_LIMIT = 3 * 1024 * 1024;

/** SPEC §7 persona calls: createAI, updateAiFields and the directory. */
export async function personasRoutes(
  app: FastifyInstance,
  deps: {
    personas: PersonasService;
    /** Per person: two people looping over searches must not take the CPU everyone's chat needs. */
    directoryLimiter: Limiter;
  },
): Promise<void> {
  const { personas, directoryLimiter } = deps;

  app.post('/api/ai/createAI', { bodyLimit: CREATE_BODY_LIMIT }, async (request, reply) => {
    const creator = request.user;
    const persona = await personas.create(creator, parseInput(CreateAiRequest, request.body));
    request.log.info({ personaId: persona.id, creatorId: creator.id }, 'persona created');
    return reply.status(201).send(toPublicUser(persona, creator));
  });

  app.put('/api/users/updateAiFields', async (request) => {
    const editor = request.user;
    const persona = await personas.updateFields(editor, parseInput(UpdateAiFieldsRequest, request.body));
    return toPublicUser(persona, editor);
  });

  app.get('/api/users/directory', rateLimited(directoryLimiter), async (request, reply) => {
    const { entries, nextCursor } = await personas.directory(
      request.user,
      parseInput(DirectoryQuery, request.query),
    );
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
    return entries;
  });
}
