import type { Socket as NetSocket } from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coalesceWrites } from './coalesced-writes.js';
import { createSocketServer, type SocketServer } from '../realtime/socket-server.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A stream that records each call that would be one system call on a socket. */
function recordingStream() {
  const calls: string[][] = [];
  const stream = new Writable({
    writev(chunks, done) {
      calls.push(chunks.map(({ chunk }) => String(chunk)));
      done();
    },
    write(chunk, _encoding, done) {
      calls.push([String(chunk)]);
      done();
    },
  });
  return { stream, calls };
}

describe('coalesceWrites', () => {
  it('sends everything written in one turn of the event loop in one call, after the turn', async () => {
    const { stream, calls } = recordingStream();
    coalesceWrites(stream);
    stream.write('a');
    stream.write('b');
    stream.write('c');
    expect(calls).toEqual([]);
    await tick();
    expect(calls).toEqual([['a', 'b', 'c']]);
  });

  it('starts a new batch in the next turn and keeps the order', async () => {
    const { stream, calls } = recordingStream();
    coalesceWrites(stream);
    stream.write('1');
    await tick();
    stream.write('2');
    stream.write('3');
    await tick();
    expect(calls).toEqual([['1'], ['2', '3']]);
  });

  it('lets end() flush what is held', async () => {
    const { stream, calls } = recordingStream();
    coalesceWrites(stream);
    stream.write('last');
    const finished = new Promise((resolve) => stream.once('finish', resolve));
    stream.end();
    await finished;
    expect(calls.flat()).toEqual(['last']);
  });
});

describe('the app’s socket server', () => {
  const app = Fastify({ logger: false });
  let sockets: SocketServer;
  let client: ClientSocket;
  let wire: NetSocket;

  beforeAll(async () => {
    sockets = await createSocketServer(app.server, { redisUrl: undefined, allowedOrigins: [] }, app.log);
    const connected = new Promise<NetSocket>((resolve) =>
      sockets.io.engine.once('connection', (conn: { request: { socket: NetSocket } }) =>
        resolve(conn.request.socket),
      ),
    );
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    client = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    wire = await connected;
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  });
  afterAll(async () => {
    client.close();
    sockets.beginShutdown();
    await sockets.close();
    await app.close();
  });

  it('writes a burst of events to one tab in two system calls instead of one per event', async () => {
    const writes: number[] = [];
    const record = (kind: '_write' | '_writev') => {
      const original = wire[kind]?.bind(wire) as (...args: unknown[]) => void;
      wire[kind] = ((...args: unknown[]) => {
        writes.push(1);
        original(...args);
      }) as never;
    };
    record('_write');
    record('_writev');
    const burst = 20;
    const ids = Array.from({ length: burst }, (_, n) => `person-${n}`);
    const received: string[] = [];
    const all = new Promise<void>((resolve) =>
      client.on('userOnline', (id: string) => {
        received.push(id);
        if (received.length === burst) resolve();
      }),
    );
    const [serverSide] = await sockets.io.fetchSockets();
    for (const id of ids) serverSide?.emit('userOnline', id);
    await all;
    expect(received).toEqual(ids);
    // The first frame leaves at the end of the turn; engine.io holds the rest until that write is done and
    // hands them over together, which ws would have written one frame (one writev) at a time.
    expect(writes.length).toBeLessThanOrEqual(2);
  });
});
