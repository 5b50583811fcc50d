import type { FastifyBaseLogger } from 'fastify';
import { createClient, type RedisClientType } from 'redis';

/** How long start-up waits for Redis before giving up with a clear message (it never hangs). */
export const REDIS_CONNECT_TIMEOUT_MS = 10_000;
/** Reconnect attempts back off to this; an outage is noticed at once, a recovery within this. */
const MAX_RECONNECT_DELAY_MS = 1_000;
/** A connection that stops answering (a partition rather than a reset) is noticed within this. */
const PING_INTERVAL_MS = 5_000;

/** Redis could not be reached at start-up; the message is for the operator's console. */
export class RedisUnavailableError extends Error {}

/**
 * The two Redis connections of one process (commands and publishing; subscriptions), watched as one
 * link. Redis is a dependency that fails gracefully: while it is down, commands fail at once instead
 * of queueing (nothing waits on it, and memory does not grow), a publish that fails is logged and
 * counted instead of rejecting into nowhere, and when the link is back `onResumed` listeners run, so
 * whoever may have missed events meanwhile can be told.
 */
export interface RedisLink {
  /** Commands (presence). Fails fast while the link is down. */
  commands: RedisClientType;
  /** For the socket.io adapter: the same connection, whose publish never rejects. */
  publisher: RedisClientType;
  subscriber: RedisClientType;
  /** Both connections are ready. */
  isUp(): boolean;
  /** Runs `listener` each time the link comes back after being down. */
  onResumed(listener: () => void): void;
  close(): Promise<void>;
}

/** `redis://user:secret@host:6379/0` → `host:6379`: enough for an operator, nothing secret. */
export function redisAddress(url: string): string {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || '6379'}`;
}

function newClient(url: string): RedisClientType {
  return createClient({
    url,
    disableOfflineQueue: true,
    pingInterval: PING_INTERVAL_MS,
    socket: { reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS) },
  });
}

/** Connects both, or throws RedisUnavailableError after `timeoutMs` (closing what it opened). */
export async function connectRedis(
  url: string,
  log: FastifyBaseLogger,
  timeoutMs = REDIS_CONNECT_TIMEOUT_MS,
): Promise<RedisLink> {
  const commands = newClient(url);
  const subscriber = commands.duplicate();
  const clients = [commands, subscriber];
  let down = false;
  let lastError = '';
  const resumed: Array<() => void> = [];

  const wentDown = (err?: unknown) => {
    if (err instanceof Error) lastError = err.message;
    if (down) return;
    down = true;
    log.error({ redis: redisAddress(url), err }, 'redis unreachable: fan-out between processes paused');
  };
  for (const client of clients) {
    // node-redis reconnects by itself; an 'error' without a listener would crash the process instead.
    client.on('error', wentDown);
    client.on('ready', () => {
      if (!down || !clients.every((c) => c.isReady)) return;
      down = false;
      log.warn({ redis: redisAddress(url) }, 'redis reachable again: fan-out resumed');
      for (const listener of resumed) listener();
    });
  }

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new RedisUnavailableError(
            `Cannot reach Redis at ${redisAddress(url)} (REDIS_URL) within ${timeoutMs / 1000} s` +
              (lastError ? `: ${lastError}` : '') +
              '. Start Redis or unset REDIS_URL to run a single process without it.',
          ),
        ),
      timeoutMs,
    );
  });
  try {
    await Promise.race([Promise.all(clients.map((c) => c.connect())), timeout]);
  } catch (error) {
    for (const client of clients) client.destroy();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  // Failures while starting were the wait above; from here on, a failure is an outage.
  down = false;

  const publisher = new Proxy(commands, {
    get(target, property) {
      if (property === 'publish') {
        return (channel: string, message: string | Buffer) =>
          target.publish(channel, message).catch((err: unknown) => {
            wentDown(err);
            return 0;
          });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

  return {
    commands,
    publisher,
    subscriber,
    isUp: () => !down && clients.every((c) => c.isReady),
    onResumed: (listener) => void resumed.push(listener),
    close: async () => {
      // quit() needs the connection; during an outage there is nothing to say goodbye to.
      await Promise.all(clients.map((c) => (c.isReady ? c.quit() : c.destroy())));
    },
  };
}
