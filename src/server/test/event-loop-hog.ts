import { expect } from 'vitest';

/**
 * Keeps this process's event loop busy in `sliceMs` slices, the way a server past its capacity is: every
 * timer runs late, yet I/O still gets through between slices. Returns the function that stops it.
 */
export function hogEventLoop(sliceMs = 300): () => void {
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

/**
 * Waits until a server's overload protection takes every call again (five in a row), as after a quiet
 * spell: a test server's own start can be slow enough, on a busy machine, to shed some calls at first.
 */
export async function untilAdmitting(baseUrl: string): Promise<void> {
  const fiveTaken = async () => {
    for (let i = 0; i < 5; i++) if ((await fetch(`${baseUrl}/api/config`)).status !== 200) return false;
    return true;
  };
  // From the 2 % floor, admission takes about 18 one-second steps to be whole again.
  await expect.poll(fiveTaken, { timeout: 25_000, interval: 100 }).toBe(true);
}
