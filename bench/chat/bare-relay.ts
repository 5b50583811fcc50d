/**
 * The yardstick for the chat and rooms benchmarks, run as its own process: bare Fastify + socket.io with no
 * auth, no database and no rules. A DM goes to the sender's and the recipient's socket.io rooms (the same
 * deliveries the app makes), through the `sendMessage` event with an acknowledgement or a bare
 * `POST /api/messages`; a room's message goes to the socket.io room of its members' sockets, one broadcast,
 * through `sendRoomMessage` or `POST /api/rooms/:roomId/messages`. The person is whoever the `bare=<id>` cookie
 * names, so the same load generator drives both servers; who is in which room is posted to `/bench/rooms`
 * before they connect (the app reads it from its database), and each socket joins its rooms as it connects. A
 * room's read mark (`markRoomRead`) goes to the room as `roomRead`.
 */
import Fastify from 'fastify';
import { Server } from 'socket.io';

interface Send {
  message: string;
  recipientId: string;
}

interface RoomSend {
  roomId: string;
  message: string;
}

const port = Number(process.env.PORT ?? 0);
let sequence = 0;
/** The socket.io rooms each person's sockets join, by person. */
const channelsOf = new Map<string, string[]>();

function personOf(cookie: string | undefined): string {
  return /(?:^|;\s*)bare=([^;]*)/.exec(cookie ?? '')?.[1] ?? '';
}

const app = Fastify({ logger: false });
const io = new Server(app.server, { serveClient: false });

function relayTo(channels: string[], conversationId: string, sender: string, text: string) {
  sequence += 1;
  const message = {
    _id: String(sequence),
    conversationId,
    sender,
    text,
    createdAt: new Date().toISOString(),
    seen: false,
  };
  io.to(channels).emit('newMessage', message);
  return message;
}

function relay(sender: string, payload: Send) {
  const conversationId = [sender, payload.recipientId].sort().join(':');
  return relayTo([`user:${sender}`, `user:${payload.recipientId}`], conversationId, sender, payload.message);
}

const relayToRoom = (sender: string, { roomId, message }: RoomSend) =>
  relayTo([`room:${roomId}`], roomId, sender, message);

app.get('/api/health', async () => ({ ok: true }));
// What a tab loads when it opens; nobody has conversations here.
app.get('/api/messages/conversations', async () => []);
app.post<{ Body: Send }>('/api/messages', async (request, reply) =>
  reply.status(201).send(relay(personOf(request.headers.cookie), request.body)),
);
app.post<{ Params: { roomId: string }; Body: Omit<RoomSend, 'roomId'> }>(
  '/api/rooms/:roomId/messages',
  async (request, reply) =>
    reply
      .status(201)
      .send(relayToRoom(personOf(request.headers.cookie), { ...request.body, ...request.params })),
);
app.post<{ Body: { rooms: Array<{ roomId: string; memberIds: string[] }> } }>(
  '/bench/rooms',
  async (request) => {
    for (const { roomId, memberIds } of request.body.rooms)
      for (const member of memberIds)
        channelsOf.set(member, [...(channelsOf.get(member) ?? []), `room:${roomId}`]);
    return { ok: true };
  },
);

io.on('connection', (socket) => {
  const sender = personOf(socket.handshake.headers.cookie);
  void socket.join([`user:${sender}`, ...(channelsOf.get(sender) ?? [])]);
  socket.on('sendMessage', (payload: Send, ack: (answer: unknown) => void) => {
    ack({ message: relay(sender, payload) });
  });
  socket.on('sendRoomMessage', (payload: RoomSend, ack: (answer: unknown) => void) => {
    ack({ message: relayToRoom(sender, payload) });
  });
  // Everyone in the room hears who read what, as the app tells the room's members.
  socket.on('markRoomRead', ({ roomId, messageId }: { roomId: string; messageId: string }) => {
    io.to(`room:${roomId}`).emit('roomRead', { roomId, userId: sender, messageId });
  });
});

await app.listen({ port, host: '127.0.0.1' });
// Close the sockets (the HTTP server would wait for them), then the server; a failed close exits with 1.
process.on('SIGTERM', () => {
  io.disconnectSockets(true);
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
