/**
 * A hostile client in its own process: floods the server with socket events at `rate` a second for
 * `seconds` (seen marks on a real conversation, each a database write, and sent messages), reconnecting at
 * once whenever the server disconnects it. Prints how many it sent.
 * Usage: flooder.ts <baseUrl> <cookie> <userId> <rate> <seconds> <conversationId> <recipientId>
 */
import { io, type Socket } from 'socket.io-client';

const [
  baseUrl = '',
  cookie = '',
  userId = '',
  rate = '5000',
  seconds = '5',
  conversationId = '',
  recipientId = '',
] = process.argv.slice(2);
const perTick = Math.max(1, Math.round(Number(rate) / 100));
const until = Date.now() + Number(seconds) * 1000;
let sent = 0;
let reconnects = 0;

function open(): Socket {
  return io(baseUrl, {
    transports: ['websocket'],
    extraHeaders: { cookie },
    query: { userId },
    reconnection: false,
    forceNew: true,
  });
}

let socket = open();
const timer = setInterval(() => {
  if (Date.now() >= until) {
    clearInterval(timer);
    socket.close();
    console.log(JSON.stringify({ sent, reconnects }));
    return;
  }
  if (!socket.connected) {
    if (!socket.active) {
      reconnects += 1;
      socket = open();
    }
    return;
  }
  for (let i = 0; i < perTick; i++) {
    if (i % 2) socket.emit('markMessagesAsSeen', { conversationId });
    else socket.emit('sendMessage', { message: `flood ${sent + i}`, recipientId }, () => {});
  }
  sent += perTick;
}, 10);
