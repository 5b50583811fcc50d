import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { ConversationMemory, MemoryItem } from '../../../../contracts/memory.js';
import { apiRequest } from '../../../lib/api-client.js';
import { chatKeys } from './chat-keys.js';

/** Whose memory a dialog shows: where its calls go, where it is cached, and whether a room shares it. */
export interface MemoryPlace {
  /** The memory's calls: GET and POST here, PATCH and DELETE at `${path}/:itemId`. */
  path: string;
  key: QueryKey;
  /**
   * A room's: its members share the list, and it is switched on and off by the room's owner in the room's
   * settings (PATCH /api/rooms/:roomId), not here. Absent for a DM, whose person switches it in the dialog.
   */
  room?: { owner: boolean };
}

/** What a DM's persona remembers of the signed-in person. */
export function dmMemory(conversationId: string): MemoryPlace {
  return {
    path: `/api/messages/conversations/${encodeURIComponent(conversationId)}/memory`,
    key: chatKeys.memory(conversationId),
  };
}

/** What one persona remembers of a room (each persona keeps its own memory of each room). */
export function roomMemory(roomId: string, personaId: string, owner: boolean): MemoryPlace {
  const room = encodeURIComponent(roomId);
  return {
    path: `/api/rooms/${room}/personas/${encodeURIComponent(personaId)}/memory`,
    key: chatKeys.memory(roomId, personaId),
    room: { owner },
  };
}

/** GET …/memory: whether the persona remembers, and what. */
export function useConversationMemory(place: MemoryPlace, enabled: boolean) {
  return useQuery({
    queryKey: place.key,
    queryFn: ({ signal }) => apiRequest(place.path, { schema: ConversationMemory, signal }),
    enabled,
  });
}

type Change =
  | { kind: 'add'; text: string }
  | { kind: 'edit'; itemId: string; text: string }
  | { kind: 'remove'; itemId: string }
  /** A DM's own switch (a room's is its owner's room setting). */
  | { kind: 'switch'; enabled: boolean };

function send(base: string, change: Change): Promise<unknown> {
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
export function useChangeMemory(place: MemoryPlace) {
  const client = useQueryClient();
  const { path, key } = place;
  return useMutation({
    mutationFn: (change: Change) => send(path, change),
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
