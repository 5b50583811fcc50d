import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CLEARED_CONTEXT,
  UpdateConversationResponse,
  type Conversation,
} from '../../../../contracts/messages.js';
import { MuteResponse } from '../../../../contracts/safety.js';
import { apiRequest } from '../../../lib/api-client.js';
import { chatKeys } from './chat-keys.js';

/** PUT /api/messages/conversations/updateConversation/:conversationId {context}. */
export function updateConversationContext(conversationId: string, context: string) {
  return apiRequest(`/api/messages/conversations/updateConversation/${encodeURIComponent(conversationId)}`, {
    method: 'PUT',
    body: { context },
    schema: UpdateConversationResponse,
  });
}

/** The AI 'clear' button: the persona forgets this conversation (context '.', SPEC §7). */
export function useClearAiMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => updateConversationContext(conversationId, CLEARED_CONTEXT),
    onSuccess: ({ _id, context }) => {
      queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (list) =>
        list?.map((conversation) => (conversation._id === _id ? { ...conversation, context } : conversation)),
      );
    },
  });
}

/** PUT /api/messages/conversations/:conversationId/mute {muted}: the list marks it at once. */
export function useSetMuted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, muted }: { conversationId: string; muted: boolean }) =>
      apiRequest(`/api/messages/conversations/${encodeURIComponent(conversationId)}/mute`, {
        method: 'PUT',
        body: { muted },
        schema: MuteResponse,
      }),
    onSuccess: ({ _id, muted }) => {
      queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (list) =>
        list?.map((conversation) => (conversation._id === _id ? { ...conversation, muted } : conversation)),
      );
    },
  });
}
