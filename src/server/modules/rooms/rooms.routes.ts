import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MessagePageQuery } from '../../../contracts/messages.js';
import {
  AddMembersRequest,
  BenchRequest,
  CreateRoomRequest,
  ForwardToRoomRequest,
  ROOM_ERRORS,
  RoomReadRequest,
  SendRoomMessageRequest,
  TransferOwnerRequest,
  UpdateRoomRequest,
} from '../../../contracts/rooms.js';
import { MuteRequest } from '../../../contracts/safety.js';
import { parseInput } from '../../lib/http-error.js';
import type { Limiter } from '../../lib/limits.js';
import { rateLimited } from '../../plugins/rate-limited.js';
import type { RoomMessagesService } from './room-messages.service.js';
import type { RoomTurnsService } from './room-turns.service.js';
import type { RoomsService } from './rooms.service.js';
import type { MemoryService } from '../memory/memory.service.js';
import { MemoryItemRequest } from '../../../contracts/memory.js';

type RoomParams = { roomId: string };

/** Rooms under /api/rooms: every call is for a signed-in member (the service checks which). */
export async function roomsRoutes(
  app: FastifyInstance,
  deps: {
    rooms: RoomsService;
    roomMessages: RoomMessagesService;
    turns: RoomTurnsService;
    memory: Pick<MemoryService, 'scoped'>;
    /** Per person: rooms started. */
    creations: Limiter;
    /** Per person: members added (invitations). */
    invitations: Limiter;
    /** Per person: every other change (settings, removals, ownership, bench, mute, stop). */
    changes: Limiter;
  },
): Promise<void> {
  const { rooms, roomMessages, turns } = deps;
  const change = rateLimited(deps.changes, { message: ROOM_ERRORS.tooFast });

  app.post(
    '/api/rooms',
    rateLimited(deps.creations, { message: ROOM_ERRORS.tooFast }),
    async (request, reply) =>
      reply.status(201).send(await rooms.create(request.user, parseInput(CreateRoomRequest, request.body))),
  );

  app.get('/api/rooms', async (request) => rooms.list(request.user));

  app.get<{ Params: RoomParams }>('/api/rooms/:roomId', async (request) =>
    rooms.view(request.user, request.params.roomId),
  );

  app.patch<{ Params: RoomParams }>('/api/rooms/:roomId', change, async (request) =>
    rooms.update(request.user, request.params.roomId, parseInput(UpdateRoomRequest, request.body)),
  );

  app.post<{ Params: RoomParams }>(
    '/api/rooms/:roomId/members',
    rateLimited(deps.invitations, { message: ROOM_ERRORS.tooFast }),
    async (request) =>
      rooms.addMembers(request.user, request.params.roomId, parseInput(AddMembersRequest, request.body)),
  );

  app.delete<{ Params: RoomParams & { memberId: string } }>(
    '/api/rooms/:roomId/members/:memberId',
    change,
    async (request, reply) => {
      await rooms.removeMember(request.user, request.params.roomId, request.params.memberId);
      return reply.status(204).send();
    },
  );

  app.put<{ Params: RoomParams }>('/api/rooms/:roomId/owner', change, async (request) =>
    rooms.transferOwner(
      request.user,
      request.params.roomId,
      parseInput(TransferOwnerRequest, request.body).memberId,
    ),
  );

  app.put<{ Params: RoomParams & { personaId: string } }>(
    '/api/rooms/:roomId/personas/:personaId/bench',
    change,
    async (request) =>
      rooms.bench(
        request.user,
        request.params.roomId,
        request.params.personaId,
        parseInput(BenchRequest, request.body).benched,
      ),
  );

  app.put<{ Params: RoomParams }>('/api/rooms/:roomId/mute', change, async (request) =>
    rooms.setMuted(request.user, request.params.roomId, parseInput(MuteRequest, request.body).muted),
  );

  app.get<{ Params: RoomParams }>('/api/rooms/:roomId/messages', async (request) =>
    roomMessages.page(request.user, request.params.roomId, parseInput(MessagePageQuery, request.query)),
  );

  // Limited in the service, by the same per-person message limit as DMs (shared with the socket event).
  app.post<{ Params: RoomParams }>('/api/rooms/:roomId/messages', async (request, reply) =>
    reply
      .status(201)
      .send(
        await roomMessages.send(
          request.user,
          request.params.roomId,
          parseInput(SendRoomMessageRequest, request.body),
        ),
      ),
  );

  // Limited in the service like a send.
  app.post<{ Params: RoomParams }>('/api/rooms/:roomId/forward', async (request, reply) => {
    const input = parseInput(ForwardToRoomRequest, request.body);
    return reply.status(201).send(await roomMessages.forward(request.user, request.params.roomId, input));
  });

  app.post<{ Params: RoomParams }>('/api/rooms/:roomId/read', change, async (request, reply) => {
    const { messageId } = parseInput(RoomReadRequest, request.body);
    await roomMessages.markRead(request.user, request.params.roomId, messageId);
    return reply.status(204).send();
  });

  // A room persona's memory of the room: read by members, changed by them like a DM's (counted as changes).
  type MemoryParams = RoomParams & { personaId: string };
  const memoryPath = '/api/rooms/:roomId/personas/:personaId/memory';
  const memoryOf = (request: FastifyRequest<{ Params: MemoryParams }>) =>
    rooms.personaMemory(request.user, request.params.roomId, request.params.personaId);
  app.get<{ Params: MemoryParams }>(memoryPath, async (request) => {
    const { scope, enabled } = await memoryOf(request);
    return deps.memory.scoped.read(scope, enabled);
  });
  app.post<{ Params: MemoryParams }>(memoryPath, change, async (request, reply) => {
    const input = parseInput(MemoryItemRequest, request.body);
    const { scope } = await memoryOf(request);
    const item = await deps.memory.scoped.add(scope, request.user.id, input);
    return reply.status(201).send(item);
  });
  app.patch<{ Params: MemoryParams & { itemId: string } }>(
    `${memoryPath}/:itemId`,
    change,
    async (request) => {
      const input = parseInput(MemoryItemRequest, request.body);
      const { scope } = await memoryOf(request);
      return deps.memory.scoped.edit(scope, request.user.id, request.params.itemId, input);
    },
  );
  app.delete<{ Params: MemoryParams & { itemId: string } }>(
    `${memoryPath}/:itemId`,
    change,
    async (request, reply) => {
      const { scope } = await memoryOf(request);
      await deps.memory.scoped.remove(scope, request.user.id, request.params.itemId);
      return reply.status(204).send();
    },
  );

  app.post<{ Params: RoomParams }>('/api/rooms/:roomId/stop', change, async (request) =>
    turns.stop(request.user, request.params.roomId),
  );
}
