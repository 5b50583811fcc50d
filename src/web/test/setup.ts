import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAiReplies } from '../features/chat/hooks/ai-reply-store.js';
import { initialServerReach, useServerReach } from '../lib/server-reach.js';
import { useUnreadTotal } from '../lib/unread-store.js';
import { installDialogMethods } from './dialog.js';
import { fakeSockets } from './fake-socket.js';
import { installMatchMedia, setViewport } from './media.js';
import { installFakeSpeech } from './speech.js';

// No test opens a real socket: the app's io() is a fake the test can drive (see fake-socket.ts).
vi.mock('socket.io-client', async () => {
  const fake = await import('./fake-socket.js');
  return { io: fake.fakeIo };
});

installMatchMedia();
installDialogMethods();

// jsdom lays nothing out and cannot scroll; the router's <ScrollRestoration> scrolls on every navigation.
window.scrollTo = () => undefined;

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI box a whole route can take longer
// to render after a click, which made journey tests flaky. Waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // Each test starts on a desktop-sized screen with motion allowed and empty storage.
  setViewport({ width: 1280, reducedMotion: false });
  window.localStorage.clear();
  fakeSockets.length = 0;
  resetAiReplies();
  // Module state that outlives a test: whether the server answered, and the unread count in the title.
  useServerReach.setState(initialServerReach());
  useUnreadTotal.setState({ total: 0 });
  installFakeSpeech();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
