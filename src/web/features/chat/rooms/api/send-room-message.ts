import { useQueryClient } from '@tanstack/react-query';
import { Message } from '../../../../../contracts/messages.js';
import { StopRoomResponse } from '../../../../../contracts/rooms.js';
import { apiRequest } from '../../../../lib/api-client.js';
import { useOutbox } from '../../api/use-outbox.js';
import { applyIncomingRoomMessage } from './apply-room-message.js';

/** POST /api/rooms/:roomId/messages (retried and deduplicated as useOutbox says), into the room at once. */
export function useSendRoomMessage(roomId: string) {
  const client = useQueryClient();
  return useOutbox(
    ({ text, clientMessageId }) =>
      apiRequest(`/api/rooms/${encodeURIComponent(roomId)}/messages`, {
        method: 'POST',
        body: { message: text, clientMessageId },
        schema: Message,
      }),
    (message) => applyIncomingRoomMessage(client, message, { onScreen: true, unread: false }),
  );
}

/** POST /api/rooms/:roomId/stop: the persona speaking stops, and nobody speaks after it for that message. */
export function stopRoomReply(roomId: string): Promise<StopRoomResponse> {
  return apiRequest(`/api/rooms/${encodeURIComponent(roomId)}/stop`, {
    method: 'POST',
    schema: StopRoomResponse,
  });
}
