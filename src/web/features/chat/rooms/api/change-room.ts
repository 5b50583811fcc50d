import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MuteResponse } from '../../../../../contracts/safety.js';
import { Room, type RoomSummary, type UpdateRoomRequest } from '../../../../../contracts/rooms.js';
import { apiRequest } from '../../../../lib/api-client.js';
import { chatKeys } from '../../api/chat-keys.js';

/** Everything a member can change about a room; most of it only its owner (the server decides). */
export type RoomChange =
  | { kind: 'settings'; patch: UpdateRoomRequest }
  | { kind: 'add'; people: string[]; personas: string[] }
  | { kind: 'remove'; memberId: string }
  | { kind: 'leave'; me: string }
  | { kind: 'owner'; memberId: string }
  | { kind: 'bench'; personaId: string; benched: boolean }
  | { kind: 'mute'; muted: boolean };

const NO_CONTENT = z.unknown();

/** The call for one change; the calls that answer with the room hand it back. */
function send(roomId: string, change: RoomChange): Promise<Room | null> {
  const base = `/api/rooms/${encodeURIComponent(roomId)}`;
  const member = (id: string) => `${base}/members/${encodeURIComponent(id)}`;
  switch (change.kind) {
    case 'settings':
      return apiRequest(base, { method: 'PATCH', body: change.patch, schema: Room });
    case 'add':
      return apiRequest(`${base}/members`, {
        method: 'POST',
        body: { people: change.people, personas: change.personas },
        schema: Room,
      });
    case 'remove':
      return apiRequest(member(change.memberId), { method: 'DELETE', schema: NO_CONTENT }).then(() => null);
    case 'leave':
      return apiRequest(member(change.me), { method: 'DELETE', schema: NO_CONTENT }).then(() => null);
    case 'owner':
      return apiRequest(`${base}/owner`, {
        method: 'PUT',
        body: { memberId: change.memberId },
        schema: Room,
      });
    case 'bench':
      return apiRequest(`${base}/personas/${encodeURIComponent(change.personaId)}/bench`, {
        method: 'PUT',
        body: { benched: change.benched },
        schema: Room,
      });
    case 'mute':
      return apiRequest(`${base}/mute`, {
        method: 'PUT',
        body: { muted: change.muted },
        schema: MuteResponse,
      }).then(() => null);
  }
}

/** I am out of the room: it stays readable on screen, and leaves the inbox. */
export function markRoomLeft(client: QueryClient, roomId: string): void {
  client.setQueryData<Room>(chatKeys.room(roomId), (room) => room && { ...room, left: true });
  client.setQueryData<RoomSummary[]>(chatKeys.rooms, (list) => list?.filter((room) => room._id !== roomId));
}

/** Puts a changed room where it shows: its page at once, the inbox (name, member count) read again. */
function afterChange(client: QueryClient, roomId: string, change: RoomChange, room: Room | null): void {
  if (change.kind === 'leave') return markRoomLeft(client, roomId);
  if (change.kind === 'mute') {
    const { muted } = change;
    client.setQueryData<Room>(chatKeys.room(roomId), (held) => held && { ...held, muted });
    client.setQueryData<RoomSummary[]>(chatKeys.rooms, (list) =>
      list?.map((summary) => (summary._id === roomId ? { ...summary, muted } : summary)),
    );
    return;
  }
  if (change.kind === 'settings' && change.patch.memoryOn !== undefined) {
    void client.invalidateQueries({ queryKey: chatKeys.memory(roomId) });
  }
  if (room) client.setQueryData(chatKeys.room(roomId), room);
  else void client.invalidateQueries({ queryKey: chatKeys.room(roomId) });
  void client.invalidateQueries({ queryKey: chatKeys.rooms });
}

/** Any change to a room, with the caches brought up to date after it. */
export function useChangeRoom(roomId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: RoomChange) => send(roomId, change),
    onSuccess: (room, change) => afterChange(client, roomId, change, room),
  });
}
