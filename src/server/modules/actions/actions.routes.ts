import type { FastifyInstance } from 'fastify';
import { ActionPageQuery, CreateActionRequest, UpdateActionRequest } from '../../../contracts/actions.js';
import { NEXT_CURSOR_HEADER } from '../../../contracts/personas.js';
import { parseInput } from '../../lib/http-error.js';
import type { ActionsService } from './actions.service.js';

// A saved item may hold long extracted text; leave room for it and the JSON around it.
const ACTION_BODY_LIMIT = 1024 * 1024;

/** SPEC §7 /api/actions calls: the signed-in user's saved notes and prompts. */
export async function actionsRoutes(app: FastifyInstance, deps: { actions: ActionsService }): Promise<void> {
  const { actions } = deps;

  app.post('/api/actions/createAction', { bodyLimit: ACTION_BODY_LIMIT }, async (request, reply) => {
    const user = request.user;
    return reply.status(201).send(await actions.create(user, parseInput(CreateActionRequest, request.body)));
  });

  app.patch<{ Params: { id: string } }>(
    '/api/actions/updateAction/:id',
    { bodyLimit: ACTION_BODY_LIMIT },
    async (request) => {
      const user = request.user;
      return actions.update(user, request.params.id, parseInput(UpdateActionRequest, request.body));
    },
  );

  app.get<{ Params: { userId: string } }>('/api/actions/getActions/:userId', async (request, reply) => {
    const user = request.user;
    const { items, nextCursor } = await actions.list(
      user,
      request.params.userId,
      parseInput(ActionPageQuery, request.query),
    );
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
    return items;
  });

  app.delete<{ Params: { id: string } }>('/api/actions/deleteAction/:id', async (request) => {
    const user = request.user;
    await actions.remove(user, request.params.id);
    return { message: 'Deleted' };
  });
}
