import { afterEach, expect, it, vi } from 'vitest';
import { SOCKET_CLIENT_OPTIONS } from '../../contracts/realtime.js';
import { ME } from '../test/chat-server.js';

afterEach(() => {
  vi.useRealTimers();
  vi.doUnmock('socket.io-client');
  vi.resetModules();
});

it('loads the socket client again, after the reconnect backoff, when its chunk failed to arrive', async () => {
  vi.useFakeTimers();
  vi.resetModules();
  vi.doMock('socket.io-client', () => {
    throw new Error('the chunk did not arrive');
  });
  const { connectRealtime, useRealtime } = await import('./socket.js');
  await connectRealtime(ME._id);
  expect(useRealtime.getState()).toMatchObject({ socket: null, userId: ME._id, status: 'reconnecting' });

  const fake = await import('../test/fake-socket.js');
  vi.doMock('socket.io-client', () => ({ io: fake.fakeIo }));
  const { reconnectionDelay, randomizationFactor } = SOCKET_CLIENT_OPTIONS;
  // The shortest first delay is reconnectionDelay × (1 − randomizationFactor); nothing is tried before it.
  await vi.advanceTimersByTimeAsync(reconnectionDelay * (1 - randomizationFactor) - 1);
  expect(useRealtime.getState().status).toBe('reconnecting');
  await vi.advanceTimersByTimeAsync(reconnectionDelay);
  // Loading a module takes real time in the test runner.
  vi.useRealTimers();
  await vi.waitFor(() => expect(fake.fakeSockets).toHaveLength(1));
  expect(useRealtime.getState()).toMatchObject({ socket: fake.latestSocket(), status: 'connecting' });
});

it('lets a repeated call for the same user wait until the socket client has loaded and the socket is opening', async () => {
  vi.resetModules();
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  const fake = await import('../test/fake-socket.js');
  vi.doMock('socket.io-client', async () => {
    await arrived;
    return { io: fake.fakeIo };
  });
  const { connectRealtime, useRealtime } = await import('./socket.js');
  void connectRealtime(ME._id);
  let settled = false;
  const again = connectRealtime(ME._id).then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(settled).toBe(false);
  release();
  await again;
  expect(useRealtime.getState().socket).toBe(fake.latestSocket());
});
