import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { Message, newClientMessageId } from '../../../../contracts/messages.js';
import { apiRequest } from '../../../lib/api-client.js';

/**
 * POST /api/messages/forward. One client id per recipient for as long as the hook lives (one dialog), so
 * pressing Forward again after a lost answer stores the message once. The new message reaches the lists
 * through the socket, like any other the person sends.
 */
export function useForwardMessage() {
  const ids = useRef(new Map<string, string>());
  return useMutation({
    mutationFn: ({ messageId, toUsername }: { messageId: string; toUsername: string }) => {
      const key = toUsername.toLowerCase();
      const clientMessageId = ids.current.get(key) ?? newClientMessageId();
      ids.current.set(key, clientMessageId);
      return apiRequest('/api/messages/forward', {
        method: 'POST',
        body: { messageId, toUsername, clientMessageId },
        schema: Message,
      });
    },
  });
}
