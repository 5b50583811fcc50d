import { ServerEvents, type ServerEventName, type ServerEventPayload } from '../../contracts/realtime.js';

/**
 * A stand-in for socket.io-client's `io()`, installed for every web test in setup.ts. It never
 * touches the network: tests play the server with `serverConnect`, `serverEmit` and `serverDisconnect`
 * and read what the app sent from `emitted`.
 */

type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  active = true;
  readonly emitted: Array<{ event: string; args: unknown[] }> = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    readonly uri: string,
    readonly options: Record<string, unknown>,
  ) {}

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args });
    return this;
  }

  connect(): this {
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.active = false;
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }

  /** The server accepts the (re)connection. */
  serverConnect(): void {
    this.connected = true;
    this.fire('connect');
  }

  /** The connection drops; socket.io would now retry with backoff. */
  serverDisconnect(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  /** The server sends an event to this socket; the payload must keep the wire contract, as the server's must. */
  serverEmit<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
    this.fire(event, ServerEvents[event].parse(payload));
  }

  /** Something arrives that breaks the contract (an older or newer server, a proxy's mangling). */
  serverEmitRaw(event: string, payload: unknown): void {
    this.fire(event, payload);
  }

  /** Events the app emitted under one name. */
  sent(event: string): unknown[][] {
    return this.emitted.filter((entry) => entry.event === event).map((entry) => entry.args);
  }

  private fire(event: string, ...args: unknown[]): void {
    [...(this.listeners.get(event) ?? [])].forEach((listener) => listener(...args));
  }
}

export const fakeSockets: FakeSocket[] = [];

/** The `io` export tests see instead of the real one. */
export function fakeIo(uri: string, options: Record<string, unknown> = {}): FakeSocket {
  const socket = new FakeSocket(uri, options);
  fakeSockets.push(socket);
  return socket;
}

/** The socket the app opened most recently. */
export function latestSocket(): FakeSocket {
  const socket = fakeSockets.at(-1);
  if (!socket) throw new Error('The app has not opened a socket');
  return socket;
}
