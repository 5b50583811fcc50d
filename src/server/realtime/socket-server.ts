import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { fromOwnPage } from '../plugins/security.js';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contracts/realtime.js';
import { userRoom } from '../../contracts/realtime.js';
import { roomChannel } from '../../contracts/rooms.js';
import type { Revocation } from '../modules/accounts/sessions.service.js';
import type { RealtimeEmitter } from './realtime-emitter.js';
import { sessionRoom } from './realtime-emitter.js';
import { CoalescingWebSocketServer } from '../performance/coalesced-writes.js';
import { connectRedis, type RedisLink } from './redis-link.js';

export interface SocketData {
  userId: string;
  tokenHash: string;
  /** The tab is on screen, as it last said (`visibility`); a tab that said nothing yet counts as on screen. */
  visible?: boolean;
}

/** Events between the server processes of one deployment (through the Redis adapter). */
export interface InterServerEvents {
  sessionsRevoked: (revocation: Revocation) => void;
  /** The owner stopped this discussion through another process: abort its turn here, if it runs here. */
  charioteerAbort: (discussionId: string) => void;
  /**
   * Someone asked through another process to stop the persona speaking in a room: stop it here if it speaks
   * here and they may (answers whether it stopped one, or may not, or none speaks here).
   */
  roomStop: (
    stop: { roomId: string; userId: string; isOwner: boolean },
    answer: (outcome: 'stopped' | 'forbidden' | 'none') => void,
  ) => void;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/** One connected client of the RealtimeServer. */
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export interface SocketServer {
  io: RealtimeServer;
  emitter: RealtimeEmitter;
  /** The connections to Redis, when REDIS_URL is set (presence uses them). */
  redis: RedisLink | undefined;
  /** Stops emitting and closes this process's sockets; the HTTP server can then close. */
  beginShutdown: () => void;
  close: () => Promise<void>;
}

// A 5,000-character message is at most 20 kB of UTF-8; leave room for the envelope, refuse more.
const MAX_SOCKET_PAYLOAD = 64 * 1024;

/** socket.io on the app's HTTP server; with a Redis URL, events fan out across processes. */
export async function createSocketServer(
  httpServer: HttpServer,
  { redisUrl, allowedOrigins }: { redisUrl: string | undefined; allowedOrigins: readonly string[] },
  log: FastifyBaseLogger,
): Promise<SocketServer> {
  const ownOrigins = new Set(allowedOrigins);
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_SOCKET_PAYLOAD,
    wsEngine: CoalescingWebSocketServer,
    // A page on another site (or another port of this host) must not ride on a visitor's session cookie.
    allowRequest: (request, callback) => callback(null, fromOwnPage(request.headers, ownOrigins)),
  });
  const redis = redisUrl ? await connectRedis(redisUrl, log) : undefined;
  if (redis) io.adapter(createAdapter(redis.publisher, redis.subscriber));

  // Sockets closing during shutdown still run their handlers; their events have nowhere to go.
  let shuttingDown = false;
  const emitter: RealtimeEmitter = {
    toUsers(userIds, event, ...args) {
      if (userIds.length === 0 || shuttingDown) return;
      io.to(userIds.map(userRoom)).emit(event, ...args);
    },
    toRoom(roomId, event, ...args) {
      if (shuttingDown) return;
      io.to(roomChannel(roomId)).emit(event, ...args);
    },
    toRoomExcept(roomId, exceptUserId, event, ...args) {
      if (shuttingDown) return;
      io.to(roomChannel(roomId))
        .except(userRoom(exceptUserId))
        .emit(event, ...args);
    },
    // Here at once, so the event emitted next reaches (or misses) these tabs; the Redis adapter applies a join
    // only when its own request comes back, after that event. Other processes get the request ahead of the event.
    joinRoom(userIds, roomId) {
      if (userIds.length === 0) return;
      io.local.in(userIds.map(userRoom)).socketsJoin(roomChannel(roomId));
      if (redis) io.in(userIds.map(userRoom)).socketsJoin(roomChannel(roomId));
    },
    leaveRoom(userIds, roomId) {
      if (userIds.length === 0) return;
      io.local.in(userIds.map(userRoom)).socketsLeave(roomChannel(roomId));
      if (redis) io.in(userIds.map(userRoom)).socketsLeave(roomChannel(roomId));
    },
    endSession(tokenHash) {
      io.in(sessionRoom(tokenHash)).disconnectSockets(true);
    },
    endOtherSessions(userId, keepTokenHash) {
      io.in(userRoom(userId)).except(sessionRoom(keepTokenHash)).disconnectSockets(true);
    },
  };

  return {
    io,
    emitter,
    redis,
    beginShutdown: () => {
      shuttingDown = true;
      // A closed transport, not a socket.io disconnect: clients reconnect from it by themselves (to another
      // process behind the balancer), while 'io server disconnect' would leave them waiting for a reload.
      for (const socket of io.of('/').sockets.values()) socket.conn.close();
    },
    close: async () => {
      await io.close();
      await redis?.close();
    },
  };
}
