import type { FastifyInstance } from 'fastify';
import { EditMessageRequest } from '../../../contracts/messages.js';
import { parseInput } from '../../lib/http-error.js';
import type { Limiter } from '../../lib/limits.js';
import { rateLimited } from '../../plugins/rate-limited.js';
import { MESSAGE_CHANGE_ERRORS, type MessageChangesService } from './message-changes.service.js';

type MessageParams = { Params: { messageId: string } };
type ReactionParams = { Params: { messageId: string; emoji: string } };

/** Our addition: edit, delete for everyone, and reactions, on a message of a DM or a room. */
export async function messageChangesRoutes(
  app: FastifyInstance,
  deps: {
    changes: MessageChangesService;
    /** Per person, over edits and deletions together, sized like sending. */
    changeLimiter: Limiter;
    /** Per person, over reactions. */
    reactionLimiter: Limiter;
  },
): Promise<void> {
  const { changes } = deps;
  const changing = rateLimited(deps.changeLimiter, { message: MESSAGE_CHANGE_ERRORS.changesTooFast });
  const reacting = rateLimited(deps.reactionLimiter, { message: MESSAGE_CHANGE_ERRORS.reactionsTooFast });

  app.patch<MessageParams>('/api/messages/:messageId', changing, async (request) => {
    const { text } = parseInput(EditMessageRequest, request.body);
    return changes.edit(request.user, request.params.messageId, text);
  });

  app.delete<MessageParams>('/api/messages/:messageId', changing, async (request, reply) => {
    await changes.remove(request.user, request.params.messageId);
    return reply.status(204).send();
  });

  app.put<ReactionParams>('/api/messages/:messageId/reactions/:emoji', reacting, async (request) =>
    changes.react(request.user, request.params.messageId, request.params.emoji, true),
  );

  app.delete<ReactionParams>('/api/messages/:messageId/reactions/:emoji', reacting, async (request) =>
    changes.react(request.user, request.params.messageId, request.params.emoji, false),
  );
}
