import { expect } from 'vitest';
import type { TestServer } from './test-server.js';

/**
 * Keeps this process's event loop busy in `sliceMs` slices, the way a server past its capacity is: every
 * timer runs late, yet I/O still gets through between slices. Returns the function that stops it.
 */
export function hogEventLoop(sliceMs = 80): () => void {
  let running = true;
  const spin = () => {
    if (!running) return;
    const end = performance.now() + sliceMs;
    while (performance.now() < end);
    setImmediate(spin);
  };
  setImmediate(spin);
  return () => {
    running = false;
  };
}

/** Waits until the server's overload protection has (or no longer has) measured pressure; it samples each second. */
export async function untilPressure(server: TestServer, underPressure: boolean): Promise<void> {
  await expect.poll(() => server.app.isUnderPressure(), { timeout: 6000, interval: 50 }).toBe(underPressure);
}
