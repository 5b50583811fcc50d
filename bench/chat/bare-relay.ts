/**
 * The yardstick for the chat benchmark, run as its own process: bare Fastify + socket.io with no auth, no
 * database and no rules. A message goes to the sender's and the recipient's rooms (the same deliveries the
 * app makes), through the `sendMessage` event with an acknowledgement or a bare `POST /api/messages`. The
 * person is whoever the `bare=<id>` cookie names, so the same load generator drives both servers.
 */
import Fastify from 'fastify';
import { Server } from 'socket.io';

interface Send {
  message: string;
  recipientId: string;
}

const port = Number(process.env.PORT ?? 0);
let sequence = 0;

function personOf(cookie: string | undefined): string {
  return /(?:^|;\s*)bare=([^;]*)/.exec(cookie ?? '')?.[1] ?? '';
}

const app = Fastify({ logger: false });
const io = new Server(app.server, { serveClient: false });

function relay(sender: string, payload: Send) {
  sequence += 1;
  const message = {
    _id: String(sequence),
    conversationId: [sender, payload.recipientId].sort().join(':'),
    sender,
    text: payload.message,
    createdAt: new Date().toISOString(),
    seen: false,
  };
  io.to([`user:${sender}`, `user:${payload.recipientId}`]).emit('newMessage', message);
  return message;
}

app.get('/api/health', async () => ({ ok: true }));
// What a tab loads when it opens; nobody has conversations here.
app.get('/api/messages/conversations', async () => []);
app.post<{ Body: Send }>('/api/messages', async (request, reply) =>
  reply.status(201).send(relay(personOf(request.headers.cookie), request.body)),
);

io.on('connection', (socket) => {
  const sender = personOf(socket.handshake.headers.cookie);
  void socket.join(`user:${sender}`);
  socket.on('sendMessage', (payload: Send, ack: (answer: unknown) => void) => {
    ack({ message: relay(sender, payload) });
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
