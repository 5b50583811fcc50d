import { readFile } from 'node:fs/promises';
import os from 'node:os';

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far (Linux /proc). */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Measures a process's CPU use over `work`, as a percentage of one core. */
export async function cpuPercentDuring<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; cpuPercent: number }> {
  const cpu0 = await cpuSecondsOf(pid);
  const t0 = performance.now();
  const result = await work();
  const cpuPercent = (((await cpuSecondsOf(pid)) - cpu0) / ((performance.now() - t0) / 1000)) * 100;
  return { result, cpuPercent };
}

/** Resident memory of a process, in bytes (Linux). */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** The machine's 1/5/15-minute load average, printed with every result table. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}
