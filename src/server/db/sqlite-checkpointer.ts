import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies the WAL back into the database file. */
const CHECKPOINT_EVERY_MS = 100;

// Plain JavaScript evaluated in the worker, so it runs the same under tsx, the compiled build and tests.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
db.pragma('synchronous = NORMAL');
let lastError = '';
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    lastError = '';
  } catch (error) {
    // Told once per new failure, not ten times a second while it lasts.
    const message = String(error && error.message);
    if (message !== lastError) parentPort.postMessage({ error: message });
    lastError = message;
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  process.exit(0);
});
`;

export interface Checkpointer {
  /** Stops checkpointing; settles once the worker closed its connection and exited. */
  stop(): Promise<void>;
}

/**
 * Checkpoints a WAL-mode SQLite file from a worker thread, for a connection that has `wal_autocheckpoint = 0`.
 * SQLite's automatic checkpoint runs inside whichever commit crosses 1,000 WAL pages: on the event loop, copying
 * the pages into the database file and fsyncing it (measured: about a third of a chat message's SQLite time, and
 * stalls that grow with the file). A PASSIVE checkpoint on another connection does the same work on the other
 * core without blocking writers or readers; the next writer restarts the WAL once it has been copied.
 */
export function startCheckpointer(file: string, onError: (message: string) => void): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, everyMs: CHECKPOINT_EVERY_MS },
    // The parent's --import tsx is of no use to plain JavaScript and would slow the worker's start.
    execArgv: [],
  });
  // Never what keeps a process alive: closing the database stops it, and a crash takes it down anyway.
  worker.unref();
  worker.on('message', (message: { error?: string }) => onError(message.error ?? 'unknown'));
  worker.on('error', (error) => onError(error.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop: () => {
      worker.postMessage('stop');
      return exited;
    },
  };
}
