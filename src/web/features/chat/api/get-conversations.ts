import { useQuery } from '@tanstack/react-query';
import { ConversationList, type Conversation } from '../../../../contracts/messages.js';
import { apiRequest } from '../../../lib/api-client.js';
import { chatKeys } from './chat-keys.js';
import { sortConversations } from './conversation-cache.js';

/** GET /api/messages/conversations: my real conversations, newest update first. */
export async function fetchConversations(signal?: AbortSignal): Promise<Conversation[]> {
  const list = await apiRequest('/api/messages/conversations', { schema: ConversationList, signal });
  return sortConversations(list);
}

/** The contact list; refetched whenever the chat screen mounts, since events only flow while it is open. */
export function useConversations(enabled = true) {
  return useQuery({
    queryKey: chatKeys.conversations,
    queryFn: ({ signal }) => fetchConversations(signal),
    staleTime: 0,
    enabled,
  });
}
