import { readFile } from 'node:fs/promises';
import os from 'node:os';

const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used so far in its own code (user) and in the kernel on its behalf (system). */
export async function cpuTimesOf(pid: number): Promise<{ user: number; system: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / TICKS_PER_SECOND, system: Number(fields[12]) / TICKS_PER_SECOND };
}

/** CPU seconds (user + system) a process has used so far (Linux /proc). */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const { user, system } = await cpuTimesOf(pid);
  return user + system;
}

/**
 * Measures a process's CPU use over `work`, as a percentage of one core, and the kernel's part of it (socket
 * writes and reads, file writes: what a V8 profile does not show).
 */
export async function cpuPercentDuring<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; cpuPercent: number; systemPercent: number }> {
  const before = await cpuTimesOf(pid);
  const t0 = performance.now();
  const result = await work();
  const after = await cpuTimesOf(pid);
  const seconds = (performance.now() - t0) / 1000;
  const percent = (used: number) => (used / seconds) * 100;
  return {
    result,
    cpuPercent: percent(after.user + after.system - before.user - before.system),
    systemPercent: percent(after.system - before.system),
  };
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
