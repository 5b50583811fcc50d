/**
 * Who is in the rooms benchmark: people seeded straight into the database before the server starts, then rooms
 * made through `POST /api/rooms` as the web app's New room dialog makes them, each by a different owner (the
 * creation limit is per person). The bare relay is told the same rooms, with the same ids and people.
 */
import type { Config } from '../../src/server/config.js';
import type { Room } from '../../src/contracts/rooms.js';
import type { ServerProcess } from '../../src/server/test/server-process.js';
import type { RoomSpec, UserSpec } from '../chat/protocol.js';
import { seedPeople, type SeededUser } from '../lib/seed.js';

export interface RoomsCast {
  /** Everyone, as the app knows them (session cookies) and as the bare relay does (`bare=<id>`). */
  app: UserSpec[];
  bare: UserSpec[];
  rooms: RoomSpec[];
}

/** Seeds `rooms × size` people into the database the app will open. */
export function seedRoomPeople(
  database: Config['database'],
  rooms: number,
  size: number,
): Promise<SeededUser[]> {
  return seedPeople(database, rooms * size, [], 'room');
}

async function post<T>(url: string, cookie: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { cookie, origin: new URL(url).origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Makes the rooms in the app, `size` people each (the first one its owner) and no personas (a persona's turn
 * costs AI, not fan-out), then tells the bare relay who is in which.
 */
export async function makeRooms(
  app: ServerProcess,
  bare: ServerProcess,
  people: SeededUser[],
  size: number,
): Promise<RoomsCast> {
  const groups = Array.from({ length: people.length / size }, (_, r) =>
    people.slice(r * size, (r + 1) * size),
  );
  const rooms = await Promise.all(
    groups.map(async ([owner, ...others], r) => {
      if (!owner) throw new Error('a room without people');
      const room = await post<Room>(`${app.baseUrl}/api/rooms`, owner.cookie, {
        name: `Bench room ${r}`,
        people: others.map((p) => p.username),
        personas: [],
        replyMode: 'one',
      });
      return { roomId: room._id, memberIds: [owner, ...others].map((p) => p.userId) };
    }),
  );
  await post(`${bare.baseUrl}/bench/rooms`, '', { rooms });
  return {
    app: people.map((p) => ({ userId: p.userId, cookie: p.cookie, contacts: [] })),
    bare: people.map((p) => ({ userId: p.userId, cookie: `bare=${p.userId}`, contacts: [] })),
    rooms,
  };
}
