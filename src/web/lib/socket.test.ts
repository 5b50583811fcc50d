import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_CLIENT_OPTIONS } from '../../contracts/realtime.js';
import { ME } from '../test/chat-server.js';
import { fakeSockets, latestSocket } from '../test/fake-socket.js';
import { mockApi } from '../test/fetch-mock.js';
import { renderApp } from '../test/render.js';
import { connectRealtime, disconnectRealtime, onMissedEvents, useRealtime } from './socket.js';
import { useSession } from './session-store.js';

afterEach(() => disconnectRealtime());

describe('realtime connection', () => {
  it('connects to the site origin with the user id, cookies and the SPEC backoff', async () => {
    const opening = connectRealtime(ME._id);
    // Until socket.io's client has loaded, the tab says it is connecting.
    expect(useRealtime.getState()).toMatchObject({ socket: null, userId: ME._id, status: 'connecting' });
    await opening;
    const socket = latestSocket();
    expect(socket.uri).toBe(window.location.origin);
    expect(socket.options).toMatchObject({
      ...SOCKET_CLIENT_OPTIONS,
      path: '/socket.io',
      query: { userId: ME._id },
      withCredentials: true,
    });
    expect(SOCKET_CLIENT_OPTIONS).toMatchObject({
      timeout: 20_000,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
    });
    expect(useRealtime.getState().status).toBe('connecting');
  });

  it('tells the server whether the tab is on screen: on each connect and on every change', async () => {
    let state: DocumentVisibilityState = 'hidden';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    await connectRealtime(ME._id);
    const socket = latestSocket();
    socket.serverConnect();
    expect(socket.sent('visibility')).toEqual([[{ visible: false }]]);
    state = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(socket.sent('visibility')).toEqual([[{ visible: false }], [{ visible: true }]]);
    disconnectRealtime();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(socket.sent('visibility')).toHaveLength(2);
    vi.restoreAllMocks();
  });

  it('keeps the online users from the full list and the deltas', async () => {
    await connectRealtime(ME._id);
    const socket = latestSocket();
    socket.serverConnect();
    socket.serverEmit('getOnlineUsers', ['a', 'b']);
    socket.serverEmit('userOnline', 'c');
    socket.serverEmit('userOffline', 'a');
    // Payloads that break the wire contract are dropped.
    socket.serverEmitRaw('userOnline', 42);
    socket.serverEmitRaw('getOnlineUsers', 'everyone');
    expect([...useRealtime.getState().onlineUsers].sort()).toEqual(['b', 'c']);
    // A fresh list after a reconnect replaces what was known.
    socket.serverEmit('getOnlineUsers', ['d']);
    expect([...useRealtime.getState().onlineUsers]).toEqual(['d']);
  });

  it('reports a reconnect, never the first connect, and shows the status in between', async () => {
    const reconnected = vi.fn();
    const stop = onMissedEvents(reconnected);
    await connectRealtime(ME._id);
    const socket = latestSocket();
    socket.serverConnect();
    expect(reconnected).not.toHaveBeenCalled();
    socket.serverDisconnect();
    expect(useRealtime.getState().status).toBe('reconnecting');
    socket.serverConnect();
    expect(useRealtime.getState().status).toBe('connected');
    expect(reconnected).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reports missed events when the server says its processes lost touch (resync), without a reconnect', async () => {
    const missed = vi.fn();
    const stop = onMissedEvents(missed);
    await connectRealtime(ME._id);
    const socket = latestSocket();
    socket.serverConnect();
    socket.serverEmitRaw('resync', { reason: 'something else' });
    expect(missed).not.toHaveBeenCalled();
    socket.serverEmit('resync', { reason: 'fanout_resumed' });
    expect(missed).toHaveBeenCalledTimes(1);
    expect(useRealtime.getState().status).toBe('connected');
    stop();
  });

  it('tries again after the server closes the socket (socket.io would not)', async () => {
    vi.useFakeTimers();
    await connectRealtime(ME._id);
    const socket = latestSocket();
    const connect = vi.spyOn(socket, 'connect');
    socket.serverConnect();
    socket.active = false;
    socket.serverDisconnect('io server disconnect');
    vi.advanceTimersByTime(SOCKET_CLIENT_OPTIONS.reconnectionDelayMax * 1.5);
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('opens with the signed-in app and closes when the user signs out', async () => {
    mockApi(() => ({ status: 200, body: [] }));
    renderApp('/about', { user: ME });
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    const socket = latestSocket();
    expect(socket.active).toBe(true);
    act(() => useSession.getState().signOut());
    expect(socket.active).toBe(false);
    expect(useRealtime.getState()).toMatchObject({ socket: null, status: 'offline' });
  });

  it('opens nothing for a user who signed out while the socket client was loading', async () => {
    const opening = connectRealtime(ME._id);
    disconnectRealtime();
    await opening;
    expect(fakeSockets).toHaveLength(0);
    expect(useRealtime.getState()).toMatchObject({ socket: null, userId: null, status: 'offline' });
  });

  it('opens one socket for one user, however often it is asked', async () => {
    await Promise.all([connectRealtime(ME._id), connectRealtime(ME._id)]);
    await connectRealtime(ME._id);
    expect(fakeSockets).toHaveLength(1);
  });
});
