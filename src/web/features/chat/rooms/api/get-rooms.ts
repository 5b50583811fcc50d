import { useQuery } from '@tanstack/react-query';
import { Room, RoomList, type RoomSummary } from '../../../../../contracts/rooms.js';
import { apiRequest } from '../../../../lib/api-client.js';
import { chatKeys } from '../../api/chat-keys.js';
import { sortRooms } from './room-cache.js';

/** GET /api/rooms: the rooms I am in, last activity first. */
export async function fetchRooms(signal?: AbortSignal): Promise<RoomSummary[]> {
  return sortRooms(await apiRequest('/api/rooms', { schema: RoomList, signal }));
}

/** The rooms of the inbox; refetched whenever the chat screen mounts, as the conversations are. */
export function useRooms(enabled = true) {
  return useQuery({
    queryKey: chatKeys.rooms,
    queryFn: ({ signal }) => fetchRooms(signal),
    staleTime: 0,
    enabled,
  });
}

/** GET /api/rooms/:roomId: the room with its members, as I see it (read-only once I left). */
export function useRoom(roomId: string) {
  return useQuery({
    queryKey: chatKeys.room(roomId),
    queryFn: ({ signal }) => apiRequest(`/api/rooms/${encodeURIComponent(roomId)}`, { schema: Room, signal }),
    staleTime: 0,
  });
}
