import { useEffect } from 'react';
import type { Socket, io } from 'socket.io-client';
import { create } from 'zustand';
import {
  SOCKET_CLIENT_OPTIONS,
  ServerEvents,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
} from '../../contracts/realtime.js';
import { noteServerReached } from './server-reach.js';
import { confirmStoredSession } from './session-store.js';

/** What arrives is unknown until the wire contract has checked it (see onServerEvents). */
type IncomingEvents = { [E in ServerEventName]: (raw: unknown) => void };

export type ChatSocket = Socket<IncomingEvents, ClientToServerEvents>;

export type ServerEventHandlers = { [E in ServerEventName]?: (payload: ServerEventPayload<E>) => void };

/**
 * Listens to server events, handing on only payloads that match the wire contract (a malformed one is
 * dropped: an older or newer server must not break the page). Returns what stops listening.
 */
export function onServerEvents(socket: ChatSocket, handlers: ServerEventHandlers): () => void {
  const listeners = (Object.keys(handlers) as ServerEventName[]).map((event) => {
    const handle = handlers[event] as (payload: unknown) => void;
    const listener = (raw: unknown) => {
      const parsed = ServerEvents[event].safeParse(raw);
      if (parsed.success) handle(parsed.data);
    };
    socket.on(event, listener);
    return () => void socket.off(event, listener);
  });
  return () => listeners.forEach((stop) => stop());
}

/** offline: no socket; connecting: first attempt; reconnecting: lost (or never reached) and retrying. */
export type ConnectionStatus = 'offline' | 'connecting' | 'connected' | 'reconnecting';

export interface RealtimeState {
  socket: ChatSocket | null;
  userId: string | null;
  status: ConnectionStatus;
  /** Ids of users with at least one open tab (SPEC §3 online users). */
  onlineUsers: ReadonlySet<string>;
  /** How many times this socket has connected; above 1 means it came back after a loss. */
  connectCount: number;
  /** How many times the server said events between its processes were interrupted (resync). */
  resyncCount: number;
}

const initialState = {
  socket: null,
  userId: null,
  status: 'offline',
  onlineUsers: new Set<string>(),
  connectCount: 0,
  resyncCount: 0,
} satisfies RealtimeState;

export const useRealtime = create<RealtimeState>()(() => initialState);

let manualRetry: ReturnType<typeof setTimeout> | undefined;
let manualAttempts = 0;

function updatePresence(socket: ChatSocket, change: (ids: Set<string>) => void): void {
  const state = useRealtime.getState();
  if (state.socket !== socket) return;
  const next = new Set(state.onlineUsers);
  change(next);
  useRealtime.setState({ onlineUsers: next });
}

/**
 * socket.io retries lost transports by itself, but not a refused handshake nor a server that closed
 * the socket (a restart or deploy does that). Those get the same backoff here; a refusal also
 * re-checks the session, so a revoked one signs the tab out instead of knocking forever.
 */
function retryLater(attempt: () => void, checkSession: boolean): void {
  if (checkSession) void confirmStoredSession();
  clearTimeout(manualRetry);
  const { reconnectionDelay, reconnectionDelayMax, randomizationFactor } = SOCKET_CLIENT_OPTIONS;
  const base = Math.min(reconnectionDelay * 2 ** manualAttempts, reconnectionDelayMax);
  const delay = base * (1 + randomizationFactor * (Math.random() * 2 - 1));
  manualAttempts += 1;
  manualRetry = setTimeout(attempt, delay);
}

/** Connects `socket` again later, unless it has been replaced or has connected by itself meanwhile. */
function reconnectLater(socket: ChatSocket, checkSession: boolean): void {
  retryLater(() => {
    if (useRealtime.getState().socket === socket && !socket.connected) socket.connect();
  }, checkSession);
}

/** Tells the server whether this tab is on screen: a person with no tab on screen gets notifications. */
function reportVisibility(socket: ChatSocket): void {
  if (socket.connected) socket.emit('visibility', { visible: document.visibilityState === 'visible' });
}

/** Stops the current socket's visibility reports (the socket is closed or replaced). */
let stopVisibilityReports = () => {};

function listen(socket: ChatSocket): void {
  const current = () => useRealtime.getState().socket === socket;
  const onVisibilityChange = () => reportVisibility(socket);
  document.addEventListener('visibilitychange', onVisibilityChange);
  stopVisibilityReports = () => document.removeEventListener('visibilitychange', onVisibilityChange);
  socket.on('connect', () => {
    if (!current()) return;
    manualAttempts = 0;
    noteServerReached();
    // Each connection is a new socket on the server, which counts a tab as on screen until told otherwise.
    reportVisibility(socket);
    useRealtime.setState((s) => ({ status: 'connected', connectCount: s.connectCount + 1 }));
  });
  socket.on('disconnect', () => {
    if (!current()) return;
    // While we are offline we know nobody's presence; the server sends the full list again on reconnect.
    useRealtime.setState({ status: 'reconnecting', onlineUsers: new Set() });
    if (!socket.active) reconnectLater(socket, false);
  });
  socket.on('connect_error', () => {
    if (!current()) return;
    useRealtime.setState({ status: 'reconnecting' });
    if (!socket.active) reconnectLater(socket, true);
  });
  onServerEvents(socket, {
    getOnlineUsers: (ids) => updatePresence(socket, (set) => (set.clear(), ids.forEach((id) => set.add(id)))),
    userOnline: (id) => updatePresence(socket, (set) => set.add(id)),
    userOffline: (id) => updatePresence(socket, (set) => set.delete(id)),
    resync: () => {
      if (current()) useRealtime.setState((s) => ({ resyncCount: s.resyncCount + 1 }));
    },
  });
}

/** Bumped by every connect and disconnect: a socket client that finishes loading for an older one stays shut. */
let generation = 0;
type SocketClient = { io: typeof io };
let socketClient: Promise<SocketClient> | undefined;
/** The latest connectRealtime's opening, which a repeated call for the same user waits for too. */
let opening: Promise<void> = Promise.resolve();

/**
 * socket.io's client (41 KB minified) loads with the first sign-in, not with the login page a visitor
 * sees. A failed load is tried again with the reconnect backoff.
 */
async function open(userId: string, mine: number): Promise<void> {
  let client: SocketClient;
  try {
    client = await (socketClient ??= import('socket.io-client'));
  } catch {
    socketClient = undefined;
    if (generation !== mine) return;
    useRealtime.setState({ status: 'reconnecting' });
    retryLater(() => void open(userId, mine), false);
    return;
  }
  if (generation !== mine) return;
  manualAttempts = 0;
  const socket: ChatSocket = client.io(window.location.origin, {
    ...SOCKET_CLIENT_OPTIONS,
    path: '/socket.io',
    query: { userId },
    withCredentials: true,
  });
  useRealtime.setState({ socket, status: 'connecting' });
  listen(socket);
}

/**
 * Opens this tab's socket for `userId` (SPEC §7: same origin, userId query, backoff from §9); settles
 * once it is opening. The server authenticates it from the session cookie; the query must name the
 * same user.
 */
export function connectRealtime(userId: string): Promise<void> {
  if (useRealtime.getState().userId === userId) return opening;
  disconnectRealtime();
  useRealtime.setState({ userId, status: 'connecting' });
  opening = open(userId, generation);
  return opening;
}

/** Closes the socket (logout, sign-out, another user signing in) and forgets presence. */
export function disconnectRealtime(): void {
  generation += 1;
  clearTimeout(manualRetry);
  manualAttempts = 0;
  const { socket } = useRealtime.getState();
  useRealtime.setState({ ...initialState, onlineUsers: new Set() });
  stopVisibilityReports();
  socket?.removeAllListeners();
  socket?.disconnect();
}

/**
 * Calls `listener` each time this tab may have missed events: its socket came back after a loss (never on
 * the first connect), or the server says events between its processes were interrupted (resync).
 */
export function onMissedEvents(listener: () => void): () => void {
  return useRealtime.subscribe((state, previous) => {
    if (state.socket !== previous.socket) return;
    const reconnected = state.connectCount > previous.connectCount && state.connectCount > 1;
    if (reconnected || state.resyncCount > previous.resyncCount) listener();
  });
}

/** Keeps one socket open while someone is signed in and closes it when they sign out. */
export function useRealtimeConnection(userId: string | null): void {
  useEffect(() => {
    if (userId === null) return;
    void connectRealtime(userId);
    return disconnectRealtime;
  }, [userId]);
}

/** Whether a user currently has a tab open, as far as we know: nobody is, while our own socket is down. */
export function useIsOnline(userId: string | undefined): boolean {
  return useRealtime(
    (state) => userId !== undefined && state.status === 'connected' && state.onlineUsers.has(userId),
  );
}
