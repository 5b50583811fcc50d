import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { Message, newClientMessageId } from '../../../../contracts/messages.js';
import { apiRequest } from '../../../lib/api-client.js';

/** Where a message is forwarded: a person (or persona) by username, or one of the person's rooms. */
export type ForwardTarget = { kind: 'person'; username: string } | { kind: 'room'; roomId: string };

function targetKey(target: ForwardTarget): string {
  return target.kind === 'person' ? `person ${target.username.toLowerCase()}` : `room ${target.roomId}`;
}

/**
 * POST /api/messages/forward, or POST /api/rooms/:roomId/forward. One client id per target for as long as the
 * hook lives (one dialog), so pressing Forward again after a lost answer stores the message once. The new
 * message reaches the lists through the socket, like any other the person sends.
 */
export function useForwardMessage() {
  const ids = useRef(new Map<string, string>());
  return useMutation({
    mutationFn: ({ messageId, target }: { messageId: string; target: ForwardTarget }) => {
      const key = targetKey(target);
      const clientMessageId = ids.current.get(key) ?? newClientMessageId();
      ids.current.set(key, clientMessageId);
      if (target.kind === 'room') {
        return apiRequest(`/api/rooms/${encodeURIComponent(target.roomId)}/forward`, {
          method: 'POST',
          body: { messageId, clientMessageId },
          schema: Message,
        });
      }
      return apiRequest('/api/messages/forward', {
        method: 'POST',
        body: { messageId, toUsername: target.username, clientMessageId },
        schema: Message,
      });
    },
  });
}
