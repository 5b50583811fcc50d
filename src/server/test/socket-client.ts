import { io, type Socket } from 'socket.io-client';
import {
  ServerEvents,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../contracts/realtime.js';
import type { TestClient } from './http-client.js';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Opens a real socket.io connection as the browser would: the session cookie, and a userId query. */
export function connectSocket(
  baseUrl: string,
  client: TestClient,
  query: Record<string, string> = {},
  /** Listeners to attach before connecting, for events sent right on connection. */
  before: (socket: TestSocket) => void = () => {},
): Promise<TestSocket> {
  const socket: TestSocket = io(baseUrl, {
    transports: ['websocket'],
    extraHeaders: client.cookieHeader ? { cookie: client.cookieHeader } : {},
    query,
    reconnection: false,
    forceNew: true,
  });
  before(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Resolves with the next `event` a socket receives, or fails after `ms` or if it breaks the wire contract. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  ms = 3000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(event)} within ${ms} ms`)), ms);
    socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      const checked = ServerEvents[event].safeParse(payload);
      if (checked.success) resolve(payload);
      else reject(new Error(`${String(event)} broke the wire contract: ${checked.error.message}`));
    }) as never);
  });
}

/** Collects every `event` a socket receives (each checked against the wire contract), for asserting that something did not arrive. */
export function collect<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
): Parameters<ServerToClientEvents[E]>[0][] {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
    ServerEvents[event].parse(payload);
    seen.push(payload);
  }) as never);
  return seen;
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
