import type { FastifyInstance } from 'fastify';
import {
  ForwardMessageRequest,
  MessagePageQuery,
  SendMessageRequest,
  UpdateConversationRequest,
} from '../../../contracts/messages.js';
import { MuteRequest } from '../../../contracts/safety.js';
import { parseInput } from '../../lib/http-error.js';
import type { Limiter } from '../../lib/limits.js';
import { rateLimited } from '../../plugins/rate-limited.js';
import type { MessagesService } from './messages.service.js';
import type { PersonaRepliesService } from './persona-replies.service.js';

/** SPEC §7 direct-message calls under /api/messages. */
export async function messagesRoutes(
  app: FastifyInstance,
  deps: {
    messages: MessagesService;
    replies: PersonaRepliesService;
    /** Per person, over mute switches. */
    mutes: Limiter;
  },
): Promise<void> {
  const { messages, replies } = deps;

  app.get('/api/messages/conversations', async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await messages.conversationsJson(request.user)),
  );

  // Our addition: persona replies being written now, so a page opened mid-reply shows the text so far.
  app.get('/api/messages/ai-replies', async (request) => replies.inProgress(request.user.id));

  // Our addition: "Try again" after a failed persona reply answers the last message without sending it again.
  app.post<{ Params: { conversationId: string } }>(
    '/api/messages/conversations/:conversationId/regenerate',
    async (request, reply) =>
      reply.status(202).send(await replies.regenerate(request.user, request.params.conversationId)),
  );

  app.get<{ Params: { otherUserId: string } }>('/api/messages/:otherUserId', async (request) => {
    const user = request.user;
    return messages.messagesWith(
      user,
      request.params.otherUserId,
      parseInput(MessagePageQuery, request.query),
    );
  });

  app.post('/api/messages', async (request, reply) => {
    const user = request.user;
    const sent = await messages.send(user, parseInput(SendMessageRequest, request.body));
    return reply.status(201).send(sent.message);
  });

  // Our addition: forward a message to someone by username, quoted with who wrote it first.
  app.post('/api/messages/forward', async (request, reply) => {
    const sent = await messages.forward(request.user, parseInput(ForwardMessageRequest, request.body));
    return reply.status(201).send(sent.message);
  });

  app.put<{ Params: { conversationId: string } }>(
    '/api/messages/conversations/updateConversation/:conversationId',
    async (request) => {
      const user = request.user;
      const { context } = parseInput(UpdateConversationRequest, request.body);
      return messages.updateContext(user, request.params.conversationId, context);
    },
  );

  // Our addition: mute a conversation (it stays, its messages are not announced).
  app.put<{ Params: { conversationId: string } }>(
    '/api/messages/conversations/:conversationId/mute',
    rateLimited(deps.mutes),
    async (request) => {
      const { muted } = parseInput(MuteRequest, request.body);
      return messages.setMuted(request.user, request.params.conversationId, muted);
    },
  );
}
