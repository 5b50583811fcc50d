/**
 * Runs async jobs one after another, in the order they were added, so a fast second click never mixes
 * two documents up. A job that fails is reported to `onError`; the ones after it still run.
 */
export class SerialQueue {
  private last: Promise<void> = Promise.resolve();

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Adds a job; resolves once it has run, failed or not. */
  add(job: () => Promise<void>): Promise<void> {
    const next = this.last.then(job).catch(this.onError);
    this.last = next;
    return next;
  }
}
