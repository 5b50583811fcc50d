import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAiReplies } from '../features/chat/hooks/ai-reply-store.js';
import { fakeSockets } from './fake-socket.js';
import { installMatchMedia, setViewport } from './media.js';
import { installFakeSpeech } from './speech.js';

// No test opens a real socket: the app's io() is a fake the test can drive (see fake-socket.ts).
vi.mock('socket.io-client', async () => {
  const fake = await import('./fake-socket.js');
  return { io: fake.fakeIo };
});

installMatchMedia();

beforeEach(() => {
  // Each test starts on a desktop-sized screen with motion allowed and empty storage.
  setViewport({ width: 1280, reducedMotion: false });
  window.localStorage.clear();
  fakeSockets.length = 0;
  resetAiReplies();
  installFakeSpeech();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
