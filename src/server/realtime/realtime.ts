import type { FastifyInstance } from 'fastify';
import type { SessionsService } from '../modules/accounts/sessions.service.js';
import { memoryPresence, redisPresence, type Presence } from './presence.js';
import { authenticateSockets } from './socket-auth.js';
import { limitSocketEvents, SOCKET_EVENT_LIMITS } from './event-limiter.js';
import { limits, type Limits } from '../lib/limits.js';
import { memoryLocks, redisLocks, type Locks } from '../lib/cluster-locks.js';
import { createSocketServer, type SocketServer } from './socket-server.js';

export interface Realtime extends SocketServer {
  presence: Presence;
  /** Rate limits, counted across processes when they share Redis (in this process otherwise). */
  limits: Limits;
  /** Locks exclusive across processes when they share Redis (within this process otherwise). */
  locks: Locks;
  /**
   * Runs `listener` when events between processes flow again after a Redis outage, once presence is shared
   * again and every client here has been told to re-read what it may have missed (`resync`).
   */
  onFanoutResumed(listener: () => void): void;
}

/**
 * socket.io with cookie authentication and presence: in memory for one process,
 * in Redis (with the Redis adapter) when REDIS_URL is set.
 */
export async function createRealtime(
  app: FastifyInstance,
  options: { redisUrl: string | undefined; allowedOrigins: readonly string[] },
  sessions: SessionsService,
  /** Client events one tab may send per second; a person's tabs together twice that. */
  eventsPerSecond: number = SOCKET_EVENT_LIMITS.perSocketPerSecond,
): Promise<Realtime> {
  const server = await createSocketServer(app.server, options, app.log);
  authenticateSockets(server.io, sessions, (header) => app.parseCookie(header), app.log);
  const shared = server.redis
    ? { limits: limits(server.redis.commands), locks: redisLocks(server.redis.commands) }
    : { limits: limits(), locks: memoryLocks() };
  // First of the connection listeners, so no event reaches a handler unlimited.
  limitSocketEvents(server.io, shared.limits, {
    ...SOCKET_EVENT_LIMITS,
    perSocketPerSecond: eventsPerSecond,
    perUserPerSecond: 2 * eventsPerSecond,
  });
  const presence = server.redis ? await redisPresence(server.redis.commands) : memoryPresence();
  const resumed: Array<() => void> = [];
  server.redis?.onResumed(() => {
    presence
      .rejoin()
      .catch((err: unknown) => app.log.warn({ err }, 'presence could not rejoin after the redis outage'))
      .finally(() => {
        server.io.local.emit('resync', { reason: 'fanout_resumed' });
        for (const listener of resumed) listener();
      });
  });
  // Every process caches sessions; a logout here must reach the others' caches at once (one process alone
  // has no others, and its in-memory adapter cannot emit between servers).
  if (server.redis) {
    sessions.onRevoked((revocation) => server.io.serverSideEmit('sessionsRevoked', revocation));
    server.io.on('sessionsRevoked', (revocation) => sessions.forget(revocation));
  }

  // Open websockets would keep the HTTP server from closing, so they go first.
  app.addHook('preClose', async () => server.beginShutdown());
  const close = async () => {
    await presence.close();
    await server.close();
  };
  app.addHook('onClose', close);
  return {
    ...server,
    ...shared,
    presence,
    close,
    onFanoutResumed: (listener) => void resumed.push(listener),
  };
}
