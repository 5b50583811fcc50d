import type { FastifyBaseLogger } from 'fastify';
import { ClientEvents, userRoom } from '../../../contracts/realtime.js';
import { HttpError, parseInput, userFacingError } from '../../lib/http-error.js';
import { sessionRoom } from '../../realtime/realtime-emitter.js';
import type { Realtime } from '../../realtime/realtime.js';
import type { MessagesService } from './messages.service.js';
import type { PresenceService } from './presence.service.js';

/** Socket events of direct messaging: rooms, presence, seen marks and sending. */
export function registerMessageSockets(
  realtime: Pick<Realtime, 'io' | 'onFanoutResumed'>,
  messages: MessagesService,
  presence: PresenceService,
  log: FastifyBaseLogger,
): void {
  const { io } = realtime;
  // Presence changes elsewhere were missed during the outage: every tab here gets its list again, and this
  // process's users are announced again, for tabs elsewhere that read their lists before it rejoined.
  realtime.onFanoutResumed(() => {
    const sockets = [...io.of('/').sockets.values()];
    presence
      .reannounce(sockets.map((socket) => socket.data.userId))
      .catch((err: unknown) => log.warn({ err }, 'presence announcement after the redis outage failed'));
    for (const socket of sockets) {
      presence.onlineContactsOf(socket.data.userId).then(
        (online) => socket.emit('getOnlineUsers', online),
        (err: unknown) => log.warn({ err }, 'presence list after the redis outage failed'),
      );
    }
  });

  io.on('connection', (socket) => {
    const { userId, tokenHash } = socket.data;
    const user = { id: userId };
    void socket.join([userRoom(userId), sessionRoom(tokenHash)]);

    // Both count the tab at once (so a close never overtakes its open); contacts hear in the next batch.
    presence.connected(userId).then(
      (online) => socket.emit('getOnlineUsers', online),
      (err: unknown) => log.warn({ err }, 'presence connect failed'),
    );
    socket.on('disconnect', () => {
      presence.disconnected(userId).catch((err: unknown) => log.warn({ err }, 'presence disconnect failed'));
    });

    const refuse = (error: unknown, event: string) => {
      if (!(error instanceof HttpError)) log.error({ err: error }, `${event} failed`);
      socket.emit('messageError', userFacingError(error));
    };

    socket.on('markMessagesAsSeen', (payload) => {
      const parsed = ClientEvents.markMessagesAsSeen.safeParse(payload);
      if (!parsed.success) {
        return void socket.emit('messageError', {
          error: 'conversationId is required',
          code: 'invalid_input',
        });
      }
      if (parsed.data.userId !== undefined && parsed.data.userId !== userId) {
        return void socket.emit('messageError', {
          error: 'You can only mark messages as seen for yourself',
          code: 'forbidden',
        });
      }
      messages
        .markSeen(user, parsed.data.conversationId)
        .catch((error: unknown) => refuse(error, 'markMessagesAsSeen'));
    });

    socket.on('sendMessage', (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      Promise.resolve()
        .then(() => messages.send(user, parseInput(ClientEvents.sendMessage, payload)))
        .then(
          (sent) => reply({ message: sent.message }),
          (error: unknown) => {
            if (!(error instanceof HttpError)) log.error({ err: error }, 'sendMessage failed');
            const refusal = userFacingError(error);
            reply(refusal);
            // A flooder also hears it as an event, in case its client dropped the acknowledgement.
            if (error instanceof HttpError && error.statusCode === 429) socket.emit('messageError', refusal);
          },
        );
    });
  });
}
