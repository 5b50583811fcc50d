import type { IncomingMessage } from 'node:http';
import net, { type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * After the last request is answered, how long connections may still bring one: a request a client wrote
 * just before it read its previous answer can sit unread in the socket, and closing the connection then
 * would reset it. Each such request is answered (with Connection: close); idle connections close after.
 */
const IDLE_LINGER_MS = 500;

/** If connections keep arriving in every turn of the loop, a drain closes the listener anyway after this. */
const LISTENER_CLOSES_WITHIN_MS = 1000;

/**
 * Stops the listener taking connections once the kernel has none queued for it. Closing a listener resets
 * every connection still in its queue, and each of their clients has already sent its request: a balancer
 * cannot know the request was never read, so it does not retry a POST (nginx answers 502). Node accepts one
 * queued connection per turn of the loop, so the listener closes in the first turn whose poll accepted
 * none (the queue was empty when it looked). net.Server's own close: no new connections, and (unlike
 * http.Server's) idle keep-alive ones stay open for their next request.
 */
function closeListenerOnceNoneQueued(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    const giveUpAt = Date.now() + LISTENER_CLOSES_WITHIN_MS;
    // The poll under way when the drain began may have looked at the queue before the last arrivals.
    let acceptedThisTurn = true;
    const accepted = () => {
      acceptedThisTurn = true;
    };
    server.on('connection', accepted).on('drop', accepted);
    const afterPoll = () => {
      if (acceptedThisTurn && Date.now() < giveUpAt) {
        acceptedThisTurn = false;
        setImmediate(afterPoll);
        return;
      }
      server.off('connection', accepted).off('drop', accepted);
      if (server.listening) net.Server.prototype.close.call(server);
      resolve();
    };
    setImmediate(afterPoll);
  });
}

/** Waits until every keep-alive connection has closed, or `ms` have passed. */
async function lingerForRequestsOnTheWire(open: Set<Socket>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (open.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first half of a graceful shutdown: stops taking connections and waits (at most `graceMs`) for the
     * requests under way to be answered. Resolves with whether they all were; `close()` does the rest.
     */
    drain: () => Promise<boolean>;
    /** Work a drain also waits for (within the same grace): AI generation that answers over the socket. */
    keepDuringDrain: (settled: () => Promise<unknown>) => void;
  }
}

/**
 * Graceful drain. Once it starts: readiness answers 503 (`isDraining`), the listener takes the connections
 * already queued for it and then stops (a balancer sends new ones elsewhere), and every response carries
 * `Connection: close`, so a keep-alive client opens its next connection elsewhere rather than meeting one
 * closed under its request.
 * Requests under way, AI streams included, are answered, and work registered with `keepDuringDrain` (persona
 * replies, Charioteer turns) finishes, while the sockets stay open to carry it; then `app.close()` closes
 * what is left.
 */
export function registerDrain(app: FastifyInstance, graceMs: number): { isDraining: () => boolean } {
  let draining = false;
  let inFlight = 0;
  let settled: (() => void) | undefined;
  const otherWork: Array<() => Promise<unknown>> = [];
  // Keep-alive HTTP connections (websockets leave this set when they upgrade).
  const open = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.server.on('upgrade', (request: IncomingMessage) => open.delete(request.socket));

  app.addHook('onRequest', async (request, reply) => {
    inFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) settled?.();
    });
    if (draining) reply.header('connection', 'close');
  });

  app.decorate('keepDuringDrain', (work: () => Promise<unknown>) => void otherWork.push(work));

  app.decorate('drain', async () => {
    draining = true;
    const listenerClosed = closeListenerOnceNoneQueued(app.server);
    const answered =
      inFlight === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            settled = resolve;
          });
    const everything = Promise.all([answered, ...otherWork.map((settle) => settle())]).then(() => true);
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), graceMs);
    });
    const allDone = await Promise.race([everything, graceOver]);
    clearTimeout(timer);
    await listenerClosed;
    await lingerForRequestsOnTheWire(open, Math.min(IDLE_LINGER_MS, graceMs));
    return allDone;
  });

  return { isDraining: () => draining };
}
