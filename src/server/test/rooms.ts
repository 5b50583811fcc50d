import type { Room } from '../../contracts/rooms.js';
import type { BuiltUser } from './factories.js';

/** Starts a room as `owner` with these people and personas (by username); throws unless it was made. */
export async function startRoom(
  owner: BuiltUser,
  people: BuiltUser[],
  options: { personas?: string[]; replyMode?: Room['replyMode']; name?: string } = {},
): Promise<Room> {
  const res = await owner.client.post<Room>('/api/rooms', {
    name: options.name ?? 'Book club',
    people: people.map((p) => p.user.username),
    personas: options.personas ?? [],
    replyMode: options.replyMode ?? 'one',
  });
  if (res.status !== 201) throw new Error(`room not made: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
