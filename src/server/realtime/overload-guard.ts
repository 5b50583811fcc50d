import type { SendMessageAck } from '../../contracts/realtime.js';
import { SERVER_BUSY, type OverloadGauge } from '../plugins/overload.js';
import type { RealtimeServer, RealtimeSocket } from './socket-server.js';

/** Client events that are refused under pressure: the ones that cost a database write and a fan-out. */
const REFUSED_UNDER_PRESSURE = new Set(['sendMessage', 'sendRoomMessage']);

/**
 * The socket twin of HTTP's 503: a `sendMessage` (or `sendRoomMessage`) that admission control turns away (see overload.ts) is
 * answered at once with `server_busy` and `retryAfterMs`, and not processed. Seen marks and presence go on:
 * they are cheap. Applied as middleware, before any handler runs.
 */
export function guardSocketSends(io: RealtimeServer, gauge: OverloadGauge): void {
  const answer: SendMessageAck = { ...SERVER_BUSY, retryAfterMs: gauge.retryAfterMs };
  io.on('connection', (socket: RealtimeSocket) => {
    socket.use((packet, next) => {
      if (!REFUSED_UNDER_PRESSURE.has(packet[0]) || !gauge.mustRefuse()) return next();
      const ack = packet.at(-1);
      // A client that asked for no acknowledgement still hears why its message went nowhere.
      if (typeof ack === 'function') ack(answer);
      else socket.emit('messageError', SERVER_BUSY);
    });
  });
}
