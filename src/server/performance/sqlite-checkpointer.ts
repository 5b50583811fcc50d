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
let pauseAsked = 0;
// Writes stop for at most a fiftieth of the time: after a pause of d ms the next may be asked for 49 d ms
// later (on a slow disk the catch-up's fsyncs make each pause long).
let nextPauseAt = 0;
function checkpoint() {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    lastError = '';
    return result;
  } catch (error) {
    // Told once per new failure, not ten times a second while it lasts.
    const message = String(error && error.message);
    if (message !== lastError) parentPort.postMessage({ error: message });
    lastError = message;
    return undefined;
  }
}
const timer = setInterval(() => {
  const result = checkpoint();
  if (result && !pauseAsked && result.log > workerData.restartFrames && Date.now() >= nextPauseAt) {
    pauseAsked = Date.now();
    parentPort.postMessage({ pause: true });
  }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'paused') {
    checkpoint();
    parentPort.postMessage({ resume: true });
    nextPauseAt = Date.now() + 49 * (Date.now() - pauseAsked);
    pauseAsked = 0;
    return;
  }
  clearInterval(timer);
  db.close();
  process.exit(0);
});
`;

/**
 * A WAL that the worker never catches up with never starts over: under a steady stream of commits each PASSIVE
 * checkpoint ends a few frames behind the newest, and the file grew by about 10 KB a message, 570 MB in 8 s of
 * saturated sends (decision 017). Past this many frames the worker asks the app's writer for a pause,
 * copies the rest with no commit in between, and the next commit starts the WAL over from its beginning. A
 * pause lasts as long as that copy and its fsyncs: 6–36 ms measured here.
 */
export const RESTART_FRAMES = 16_384;

/** The longest the writer waits for the worker's catch-up; a worker that never answers cannot stop writes. */
const PAUSE_LIMIT_MS = 1000;

export interface Checkpointer {
  /** Resolves when writes may go on, or undefined when no pause is asked for: the writer awaits it between commits. */
  writerPause(): Promise<void> | undefined;
  /** Stops checkpointing; settles once the worker closed its connection and exited. */
  stop(): Promise<void>;
}

/**
 * Checkpoints a WAL-mode SQLite file from a worker thread, for a connection that has `wal_autocheckpoint = 0`.
 * SQLite's automatic checkpoint runs inside whichever commit crosses 1,000 WAL pages: on the event loop, copying
 * the pages into the database file and fsyncing it (measured: about a third of a chat message's SQLite time, and
 * stalls that grow with the file). A PASSIVE checkpoint on another connection does the same work on the other
 * core without blocking writers or readers; the next writer restarts the WAL once it has been copied, which
 * under a steady stream of commits needs the short pause of `writerPause` (RESTART_FRAMES).
 */
export function startCheckpointer(
  file: string,
  onError: (message: string) => void,
  restartFrames = RESTART_FRAMES,
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, everyMs: CHECKPOINT_EVERY_MS, restartFrames },
    // The parent's --import tsx is of no use to plain JavaScript and would slow the worker's start.
    execArgv: [],
  });
  // Never what keeps a process alive: closing the database stops it, and a crash takes it down anyway.
  worker.unref();
  let pause: { done: Promise<void>; end: () => void } | undefined;
  let stopped = false;
  const endPause = () => pause?.end();
  const startPause = () => {
    if (pause || stopped) return;
    let end = () => {};
    const done = new Promise<void>((resolve) => (end = resolve));
    const limit = setTimeout(endPause, PAUSE_LIMIT_MS).unref();
    pause = {
      done,
      end: () => {
        clearTimeout(limit);
        pause = undefined;
        end();
      },
    };
    // A group commit's batch never spans turns (its statements are synchronous), so from the next turn on no
    // batch of it commits until the pause ends. Other writers are not paused: one that commits during the
    // catch-up only means the WAL starts over at a later pause.
    setImmediate(() => worker.postMessage('paused'));
  };
  worker.on('message', (message: { error?: string; pause?: true; resume?: true }) => {
    if (message.pause) return startPause();
    if (message.resume) return endPause();
    onError(message.error ?? 'unknown');
  });
  worker.on('error', (error) => onError(error.message));
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      endPause();
      resolve();
    }),
  );
  return {
    writerPause: () => pause?.done,
    stop: () => {
      stopped = true;
      endPause();
      worker.postMessage('stop');
      return exited;
    },
  };
}
