/**
 * The yardstick for the chat benchmark: a bare socket.io relay with no auth, no database and no rules.
 * It speaks the same events as the real server, so the same harness drives both.
 */
import http from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.env.PORT ?? 0);
let sequence = 0;

const server = http.createServer((req, res) => {
  res.writeHead(req.url === '/api/health' ? 200 : 404, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
});
const io = new Server(server, { serveClient: false });

io.on('connection', (socket) => {
  const userId = String(socket.handshake.query.userId ?? '');
  void socket.join(`user:${userId}`);
  socket.on(
    'sendMessage',
    (payload: { message: string; recipientId: string }, ack: (answer: unknown) => void) => {
      sequence += 1;
      const message = {
        _id: String(sequence),
        conversationId: 'bare',
        sender: userId,
        text: payload.message,
        createdAt: new Date().toISOString(),
        seen: false,
      };
      io.to([`user:${userId}`, `user:${payload.recipientId}`]).emit('newMessage', message);
      ack({ message });
    },
  );
});

server.listen(port, '127.0.0.1');
// Close the sockets, then exit; a close that fails still exits, with a failure code.
process.on('SIGTERM', () => {
  io.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
