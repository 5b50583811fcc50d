import { AiUnavailableError } from '../engine.js';

export const BUSY_MESSAGE = 'The AI is busy with other requests. Please try again in a moment.';

interface Waiter {
  grant(): void;
  fail(error: unknown): void;
}

/**
 * One generation at a time; the others wait their turn in a bounded first-in, first-out line.
 * A waiter whose signal aborts leaves the line at once.
 */
export class GenerationQueue {
  private running = false;
  private readonly waiters: Waiter[] = [];

  constructor(private readonly maxWaiting: number) {}

  /** How many requests are waiting (not counting the one running). */
  get waiting(): number {
    return this.waiters.length;
  }

  get busy(): boolean {
    return this.running;
  }

  /**
   * Resolves with a release function once it is this caller's turn. The capacity check happens synchronously,
   * so callers are served in the order they called; a full line rejects with AiUnavailableError.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (!this.running) {
      this.running = true;
      return Promise.resolve(this.releaser());
    }
    if (this.waiters.length >= this.maxWaiting) return Promise.reject(new AiUnavailableError(BUSY_MESSAGE));

    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.releaser());
        },
        fail: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Turns every waiter away (the engine is closing). */
  rejectWaiting(error: unknown): void {
    for (const waiter of this.waiters.splice(0)) waiter.fail(error);
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next.grant();
      else this.running = false;
    };
  }
}
