import { formatBytes } from './model-download.js';

/** Where the bar goes: a terminal gets one line redrawn in place, anything else a line every 10 %. */
export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface ProgressBar {
  update(fraction: number, downloadedBytes: number, totalBytes: number | undefined): void;
  /** Ends the line (on a terminal) after success or failure. */
  done(): void;
}

const WIDTH = 24;
const REDRAW_MS = 200;
/** Speed is measured over at least this long before an estimate is shown; earlier figures are noise. */
const MEASURE_MS = 1000;

/** 95 → "1 min 35 s"; 4000 → "1 h 6 min". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/**
 * A console progress bar for a download: percentage, bytes, speed and time left. On a terminal: one line
 * redrawn at most every 200 ms. Elsewhere (logs, CI): one line per 10 %, through `line` when given (the
 * server's logger) or `output`. Speed counts only this run's bytes, so a resumed download is not overstated.
 */
export function createProgressBar(
  label: string,
  output: ProgressOutput,
  line: (text: string) => void = (text) => output.write(`${text}\n`),
  now: () => number = Date.now,
): ProgressBar {
  let lastDraw = Number.NEGATIVE_INFINITY;
  let lastDecile = -1;
  let drawn = false;
  let start: { at: number; bytes: number } | undefined;

  function describe(percent: number, bytes: number, total: number | undefined): string {
    const amount = total ? `${formatBytes(bytes)} of ${formatBytes(total)}` : formatBytes(bytes);
    const elapsed = start ? (now() - start.at) / 1000 : 0;
    if (!start || elapsed * 1000 < MEASURE_MS || percent >= 100) return amount;
    const speed = (bytes - start.bytes) / elapsed;
    if (speed <= 0) return amount;
    const left = total ? `, ${formatDuration((total - bytes) / speed)} left` : '';
    return `${amount}, ${formatBytes(speed)}/s${left}`;
  }

  return {
    update(fraction, bytes, total) {
      start ??= { at: now(), bytes };
      const percent = Math.floor(Math.min(Math.max(fraction, 0), 1) * 100);
      if (output.isTTY) {
        const at = now();
        if (at - lastDraw < REDRAW_MS && percent < 100) return;
        lastDraw = at;
        const filled = Math.round((percent / 100) * WIDTH);
        const bar = `${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}`;
        output.write(
          `\r${label} [${bar}] ${String(percent).padStart(3)} % ${describe(percent, bytes, total)}\u001b[K`,
        );
        drawn = true;
        return;
      }
      const decile = Math.floor(percent / 10);
      if (decile <= lastDecile) return;
      lastDecile = decile;
      line(`${label}: ${decile * 10} % (${describe(percent, bytes, total)})`);
    },
    done() {
      if (output.isTTY && drawn) output.write('\n');
      drawn = false;
    },
  };
}
