import { useMutation } from '@tanstack/react-query';
import { Message, newClientMessageId } from '../../../../contracts/messages.js';
import { apiRequest } from '../../../lib/api-client.js';

/**
 * POST /api/messages/forward. The client id is made once per forward, so a retry after a lost answer is
 * stored once. The new message reaches the lists through the socket, like any other the person sends.
 */
export function useForwardMessage() {
  return useMutation({
    mutationFn: ({ messageId, toUsername }: { messageId: string; toUsername: string }) =>
      apiRequest('/api/messages/forward', {
        method: 'POST',
        body: { messageId, toUsername, clientMessageId: newClientMessageId() },
        schema: Message,
      }),
  });
}
