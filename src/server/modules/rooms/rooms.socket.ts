import type { FastifyBaseLogger } from 'fastify';
import { ClientEvents } from '../../../contracts/realtime.js';
import { roomChannel } from '../../../contracts/rooms.js';
import { HttpError, parseInput, userFacingError } from '../../lib/http-error.js';
import type { Limiter } from '../../lib/limits.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { Realtime } from '../../realtime/realtime.js';
import type { RoomMessagesService } from './room-messages.service.js';
import type { RoomsRepository } from './rooms.repository.js';

/**
 * Socket side of rooms: each tab joins the channels of its person's rooms when it connects (later joins and
 * leaves go through the emitter), and sends, read marks and typing arrive here.
 */
export function registerRoomSockets(
  realtime: Pick<Realtime, 'io'>,
  deps: {
    repo: Pick<RoomsRepository, 'roomIdsOf'>;
    roomMessages: RoomMessagesService;
    accounts: Pick<AccountsRepository, 'findRecipient'>;
    /** Per person: typing signals past it are dropped (a late indicator is harmless). */
    typing: Limiter;
    log: FastifyBaseLogger;
  },
): void {
  const { roomMessages, log } = deps;
  realtime.io.on('connection', (socket) => {
    const { userId } = socket.data;
    const user = { id: userId };
    deps.repo.roomIdsOf(userId).then(
      (roomIds) => socket.join(roomIds.map(roomChannel)),
      (err: unknown) => log.warn({ err }, 'room channels could not be joined'),
    );

    const refuse = (error: unknown, event: string) => {
      if (!(error instanceof HttpError)) log.error({ err: error }, `${event} failed`);
      socket.emit('messageError', userFacingError(error));
    };

    socket.on('sendRoomMessage', (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      Promise.resolve()
        .then(() => {
          const { roomId, ...input } = parseInput(ClientEvents.sendRoomMessage, payload);
          return roomMessages.send(user, roomId, input);
        })
        .then(
          (message) => reply({ message }),
          (error: unknown) => {
            if (!(error instanceof HttpError)) log.error({ err: error }, 'sendRoomMessage failed');
            reply(userFacingError(error));
          },
        );
    });

    socket.on('markRoomRead', (payload) => {
      Promise.resolve()
        .then(async () => {
          const { roomId, messageId } = parseInput(ClientEvents.markRoomRead, payload);
          // The person's receipts switch as it is now: it may have changed since the tab connected.
          const reader = await deps.accounts.findRecipient(userId);
          return roomMessages.markRead(
            { id: userId, readReceipts: reader?.readReceipts ?? 0 },
            roomId,
            messageId,
          );
        })
        .catch((error: unknown) => refuse(error, 'markRoomRead'));
    });

    socket.on('typing', (payload) => {
      const parsed = ClientEvents.typing.safeParse(payload);
      // A tab hears a room only while its person is in it: being in the channel is the membership check.
      if (!parsed.success || !socket.rooms.has(roomChannel(parsed.data.conversationId))) return;
      const roomId = parsed.data.conversationId;
      deps.typing.take(userId).then(
        (wait) => wait === 0 && roomMessages.typing(user, roomId),
        (err: unknown) => log.warn({ err }, 'typing limit failed'),
      );
    });
  });
}
