import { open, rename, rm, stat, truncate, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface DownloadModelOptions {
  url: string;
  /** The final path; the bytes go to `<destination>.part` until the file is complete and checked. */
  destination: string;
  /** Called as bytes arrive: 0..1 (0 until the size is known), with the byte counts. */
  onProgress?: (fraction: number, downloadedBytes: number, totalBytes: number | undefined) => void;
  /** Resumes and retries, for people to read. */
  log?: (message: string) => void;
  signal?: AbortSignal;
  /** Attempts in all; a new attempt is made only after one that received bytes, resuming where it stopped. */
  maxAttempts?: number;
  /** An attempt that receives nothing for this long is dropped (and resumed). */
  idleTimeoutMs?: number;
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

export type ModelDownloadFailure = 'unreachable' | 'http' | 'interrupted' | 'not-gguf';

/** The model could not be downloaded; `reason` is short and safe to show. */
export class ModelDownloadError extends Error {
  constructor(
    readonly reason: string,
    readonly failure: ModelDownloadFailure,
    options?: { cause?: unknown },
  ) {
    super(`Could not download the model: ${reason}`, options);
  }
}

const GGUF_MAGIC = Buffer.from('GGUF', 'latin1');

/** True when the file starts with GGUF's magic bytes. */
export async function hasGgufMagic(filePath: string): Promise<boolean> {
  const file = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(GGUF_MAGIC.length);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(GGUF_MAGIC);
  } finally {
    await file.close();
  }
}

/** The temporary file a download writes to and resumes from. */
export function partFilePath(destination: string): string {
  return `${destination}.part`;
}

/**
 * Downloads a model file once: resumable (`.part` file plus an HTTP Range request; starts over when the server
 * ignores Range), checked to be GGUF (a file that is not is deleted), then renamed into place atomically.
 */
export async function downloadModel(options: DownloadModelOptions): Promise<void> {
  const { destination, signal } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const part = partFilePath(destination);
  await mkdir(path.dirname(destination), { recursive: true });

  let total: number | undefined;
  for (let attempt = 1; ; attempt++) {
    const before = await fileSize(part);
    if (before > 0)
      options.log?.(`Resuming the download of ${path.basename(destination)} at ${formatBytes(before)}.`);
    try {
      total = await fetchInto(part, before, options);
      break;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const failure = asDownloadError(error);
      const progressed = (await fileSize(part)) > before;
      if (failure.failure === 'http' || !progressed || attempt >= maxAttempts) throw failure;
      options.log?.(
        `The download of ${path.basename(destination)} was interrupted (${failure.reason}); resuming.`,
      );
      await sleep(options.retryDelayMs ?? 1000, undefined, { signal });
    }
  }

  const size = await fileSize(part);
  if (!(await hasGgufMagic(part))) {
    await rm(part, { force: true });
    throw new ModelDownloadError(
      `${options.url} did not send a GGUF model file (it was deleted)`,
      'not-gguf',
    );
  }
  if (total !== undefined && size !== total) {
    await rm(part, { force: true });
    throw new ModelDownloadError(
      `expected ${total} bytes but got ${size} (the file was deleted)`,
      'interrupted',
    );
  }
  await rename(part, destination);
}

/** One HTTP request that writes into the .part file from `offset`; returns the full size. */
async function fetchInto(
  part: string,
  offset: number,
  options: DownloadModelOptions,
): Promise<number | undefined> {
  const idle = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal;
  const idleMs = options.idleTimeoutMs ?? 60_000;
  let timer = setTimeout(() => idle.abort(new Error(`no data for ${idleMs / 1000} s`)), idleMs);
  const bump = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(new Error(`no data for ${idleMs / 1000} s`)), idleMs);
  };

  try {
    const headers: Record<string, string> = offset > 0 ? { Range: `bytes=${offset}-` } : {};
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(options.url, { headers, signal, redirect: 'follow' });
    } catch (error) {
      throw new ModelDownloadError(describe(error, idle.signal), 'unreachable', { cause: error });
    }

    const range = parseContentRange(response.headers.get('content-range'));
    if (response.status === 416 && offset > 0) {
      await response.body?.cancel();
      // The .part file may already hold everything; otherwise start over.
      if (range?.total === offset) return offset;
      await truncate(part, 0);
      return fetchInto(part, 0, options);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ModelDownloadError(
        `the server answered ${response.status} ${response.statusText}`.trim(),
        'http',
      );
    }

    const resumed = response.status === 206 && range?.start === offset;
    if (offset > 0 && !resumed) options.log?.('The server does not resume downloads; starting over.');
    const contentLength = Number(response.headers.get('content-length') ?? Number.NaN);
    const total = resumed ? range?.total : Number.isFinite(contentLength) ? contentLength : undefined;

    let written = resumed ? offset : 0;
    const report = () => options.onProgress?.(total ? Math.min(written / total, 1) : 0, written, total);
    report();
    const file = await open(part, resumed ? 'a' : 'w');
    const reader = response.body?.getReader();
    try {
      for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
        await file.write(read.value);
        written += read.value.byteLength;
        bump();
        report();
      }
    } catch (error) {
      await reader?.cancel().catch(() => {});
      throw new ModelDownloadError(describe(error, idle.signal), 'interrupted', { cause: error });
    } finally {
      await file.close();
    }
    if (total !== undefined && written < total) {
      throw new ModelDownloadError(`the connection closed after ${written} of ${total} bytes`, 'interrupted');
    }
    options.onProgress?.(1, written, total ?? written);
    return total ?? written;
  } finally {
    clearTimeout(timer);
  }
}

function parseContentRange(header: string | null): { start: number; total: number | undefined } | undefined {
  const match = header ? /^bytes\s+(?:(\d+)-\d+|\*)\/(\d+|\*)$/i.exec(header.trim()) : null;
  if (!match) return undefined;
  return {
    start: match[1] === undefined ? Number.NaN : Number(match[1]),
    total: match[2] === '*' || match[2] === undefined ? undefined : Number(match[2]),
  };
}

function asDownloadError(error: unknown): ModelDownloadError {
  return error instanceof ModelDownloadError
    ? error
    : new ModelDownloadError(describe(error), 'interrupted', { cause: error });
}

/** fetch's errors say "fetch failed" and hide the reason in `cause` (ECONNREFUSED, ENOTFOUND…). */
function describe(error: unknown, idle?: AbortSignal): string {
  if (idle?.aborted && idle.reason instanceof Error) return idle.reason.message;
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code ? `${error.message}: ${code}` : `${error.message}: ${cause.message}`;
  }
  return error.message;
}

async function fileSize(filePath: string): Promise<number> {
  try {
    return (await stat(filePath)).size;
  } catch {
    return 0;
  }
}

/** 1234567 → "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  do {
    value /= 1000;
    unit++;
  } while (value >= 1000 && unit < units.length - 1);
  return `${value.toFixed(1)} ${units[unit]}`;
}
