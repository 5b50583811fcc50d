import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ConversationMemory, MemoryItem } from '../../../../contracts/memory.js';
import { apiRequest } from '../../../lib/api-client.js';
import { chatKeys } from './chat-keys.js';

const path = (conversationId: string) =>
  `/api/messages/conversations/${encodeURIComponent(conversationId)}/memory`;

/** GET …/memory: whether the persona remembers, and what. */
export function useConversationMemory(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.memory(conversationId),
    queryFn: ({ signal }) => apiRequest(path(conversationId), { schema: ConversationMemory, signal }),
    enabled,
  });
}

type Change =
  | { kind: 'add'; text: string }
  | { kind: 'edit'; itemId: string; text: string }
  | { kind: 'remove'; itemId: string }
  | { kind: 'switch'; enabled: boolean };

function send(conversationId: string, change: Change): Promise<unknown> {
  const base = path(conversationId);
  switch (change.kind) {
    case 'add':
      return apiRequest(base, { method: 'POST', body: { text: change.text }, schema: MemoryItem });
    case 'edit':
      return apiRequest(`${base}/${encodeURIComponent(change.itemId)}`, {
        method: 'PATCH',
        body: { text: change.text },
        schema: MemoryItem,
      });
    case 'remove':
      return apiRequest(`${base}/${encodeURIComponent(change.itemId)}`, {
        method: 'DELETE',
        schema: z.unknown(),
      });
    case 'switch':
      return apiRequest(`${base}/settings`, {
        method: 'PUT',
        body: { enabled: change.enabled },
        schema: z.object({ enabled: z.boolean() }),
      });
  }
}

/** Any change to the memory; the list is read again after it (and after another tab's, see memoryChanged). */
export function useChangeMemory(conversationId: string) {
  const client = useQueryClient();
  const key = chatKeys.memory(conversationId);
  return useMutation({
    mutationFn: (change: Change) => send(conversationId, change),
    // The switch shows its new state at once (and is put back if the server refuses, by the refetch).
    onMutate: (change) => {
      if (change.kind !== 'switch') return;
      client.setQueryData<ConversationMemory>(
        key,
        (memory) => memory && { ...memory, enabled: change.enabled },
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
