import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installMatchMedia, setViewport } from './media.js';

installMatchMedia();

beforeEach(() => {
  // Each test starts on a desktop-sized screen with motion allowed and empty storage.
  setViewport({ width: 1280, reducedMotion: false });
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
