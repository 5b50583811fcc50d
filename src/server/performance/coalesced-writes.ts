import type { IncomingMessage } from 'node:http';
import type { Duplex, Writable } from 'node:stream';
import { WebSocketServer } from 'ws';

/**
 * Holds a connection's writes until the end of the current turn of the event loop, so that every frame written
 * to it in that turn leaves in one system call. ws writes each frame on its own (a `writev` each), and one
 * group commit answers a burst of sends at once: the acknowledgement and both deliveries of every message in
 * it, several of them to the same tab. Nothing waits longer than the turn that wrote it.
 */
export function coalesceWrites(socket: Writable): void {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let held = false;
  const release = () => {
    held = false;
    socket.uncork();
  };
  socket.write = ((...args: unknown[]) => {
    if (!held) {
      held = true;
      socket.cork();
      process.nextTick(release);
    }
    return write(...args);
  }) as Writable['write'];
}

/** The ws server engine.io upgrades connections with (its `wsEngine` option), with coalesced writes. */
export class CoalescingWebSocketServer extends WebSocketServer {
  override handleUpgrade(...args: Parameters<WebSocketServer['handleUpgrade']>): void {
    const [, socket] = args as [IncomingMessage, Duplex, ...unknown[]];
    coalesceWrites(socket);
    super.handleUpgrade(...args);
  }
}
