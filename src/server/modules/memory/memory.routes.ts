import type { FastifyInstance } from 'fastify';
import { MemoryItemRequest, MemorySettingsRequest } from '../../../contracts/memory.js';
import { parseInput } from '../../lib/http-error.js';
import type { Limiter } from '../../lib/limits.js';
import { rateLimited } from '../../plugins/rate-limited.js';
import { MEMORY_ERRORS, type MemoryService } from './memory.service.js';

type ConversationParams = { conversationId: string };
type ItemParams = ConversationParams & { itemId: string };

/** Our addition: what a persona remembers of the signed-in person, under their conversation with it. */
export async function memoryRoutes(
  app: FastifyInstance,
  deps: {
    memory: MemoryService;
    /** Per person, over every change to a memory. */
    edits: Limiter;
  },
): Promise<void> {
  const { memory } = deps;
  const base = '/api/messages/conversations/:conversationId/memory';
  const edit = rateLimited(deps.edits, { message: MEMORY_ERRORS.tooFast });

  app.get<{ Params: ConversationParams }>(base, async (request) =>
    memory.read(request.user, request.params.conversationId),
  );

  app.post<{ Params: ConversationParams }>(base, edit, async (request, reply) => {
    const input = parseInput(MemoryItemRequest, request.body);
    return reply.status(201).send(await memory.add(request.user, request.params.conversationId, input));
  });

  app.put<{ Params: ConversationParams }>(`${base}/settings`, edit, async (request) => {
    const { enabled } = parseInput(MemorySettingsRequest, request.body);
    return memory.setEnabled(request.user, request.params.conversationId, enabled);
  });

  app.patch<{ Params: ItemParams }>(`${base}/:itemId`, edit, async (request) => {
    const input = parseInput(MemoryItemRequest, request.body);
    return memory.edit(request.user, request.params.conversationId, request.params.itemId, input);
  });

  app.delete<{ Params: ItemParams }>(`${base}/:itemId`, edit, async (request, reply) => {
    await memory.remove(request.user, request.params.conversationId, request.params.itemId);
    return reply.status(204).send();
  });
}
