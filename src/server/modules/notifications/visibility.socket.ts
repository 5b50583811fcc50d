import { ClientEvents, userRoom } from '../../../contracts/realtime.js';
import type { Realtime } from '../../realtime/realtime.js';

/**
 * Each tab says whether it is on screen (`visibility`, limited like every client event); the answer lives on the
 * socket, where every process can read it through the adapter.
 */
export function registerVisibilitySockets(realtime: Pick<Realtime, 'io'>): void {
  realtime.io.on('connection', (socket) => {
    socket.on('visibility', (payload) => {
      const parsed = ClientEvents.visibility.safeParse(payload);
      if (parsed.success) socket.data.visible = parsed.data.visible;
    });
  });
}

/**
 * Whether any tab of the person is on screen, in any process: the Redis adapter asks every process for the
 * sockets in the person's room (one round trip), the in-memory one looks here. No tab at all counts as away.
 */
export async function anyTabVisible(realtime: Pick<Realtime, 'io'>, userId: string): Promise<boolean> {
  const sockets = await realtime.io.in(userRoom(userId)).fetchSockets();
  return sockets.some((socket) => socket.data.visible !== false);
}
