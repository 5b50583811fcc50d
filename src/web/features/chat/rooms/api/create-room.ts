import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Room, type CreateRoomRequest } from '../../../../../contracts/rooms.js';
import { apiRequest } from '../../../../lib/api-client.js';
import { chatKeys } from '../../api/chat-keys.js';

/** POST /api/rooms: I own the new room; its page shows at once and the inbox is read again. */
export function useCreateRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateRoomRequest) =>
      apiRequest('/api/rooms', { method: 'POST', body: request, schema: Room }),
    onSuccess: (room) => {
      client.setQueryData(chatKeys.room(room._id), room);
      void client.invalidateQueries({ queryKey: chatKeys.rooms });
    },
  });
}
