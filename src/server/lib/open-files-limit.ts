import fs from 'node:fs';

/**
 * The process's soft limit on open files, from /proc/self/limits (Linux), or undefined where it cannot be read.
 * Node has no getrlimit; this is the limit `ulimit -n` shows, the one an accepted connection counts against.
 */
export function openFilesLimit(limitsText = readLimits()): number | undefined {
  const line = limitsText?.split('\n').find((l) => l.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  if (soft === undefined || soft === 'unlimited') return undefined;
  const n = Number(soft);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function readLimits(): string | undefined {
  try {
    return fs.readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * How many connections the server may hold open: the open-files limit less a reserve for everything else the
 * process opens (database files, pooled connections, Redis, static files being sent, /proc reads): a tenth of
 * the limit, at least 64 and at most 1,024. 0 (no cap) when the limit is unknown.
 */
export function connectionCapFor(limit: number | undefined): number {
  if (limit === undefined) return 0;
  const reserve = Math.min(1024, Math.max(64, Math.floor(limit / 10)));
  return Math.max(1, limit - reserve);
}
