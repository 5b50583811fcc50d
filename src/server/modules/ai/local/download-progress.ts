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

/**
 * A console progress bar for a download. On a terminal: one line redrawn at most every 200 ms.
 * Elsewhere (logs, CI): one line per 10 %, through `line` when given (the server's logger) or `output`.
 */
export function createProgressBar(
  label: string,
  output: ProgressOutput,
  line: (text: string) => void = (text) => output.write(`${text}\n`),
): ProgressBar {
  let lastDraw = 0;
  let lastDecile = -1;
  let drawn = false;

  const amount = (bytes: number, total: number | undefined) =>
    total ? `${formatBytes(bytes)} of ${formatBytes(total)}` : formatBytes(bytes);

  return {
    update(fraction, bytes, total) {
      const percent = Math.floor(Math.min(Math.max(fraction, 0), 1) * 100);
      if (output.isTTY) {
        const now = Date.now();
        if (now - lastDraw < REDRAW_MS && percent < 100) return;
        lastDraw = now;
        const filled = Math.round((percent / 100) * WIDTH);
        const bar = `${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}`;
        output.write(`\r${label} [${bar}] ${String(percent).padStart(3)} % ${amount(bytes, total)}\u001b[K`);
        drawn = true;
        return;
      }
      const decile = Math.floor(percent / 10);
      if (decile <= lastDecile) return;
      lastDecile = decile;
      line(`${label}: ${decile * 10} % (${amount(bytes, total)})`);
    },
    done() {
      if (output.isTTY && drawn) output.write('\n');
      drawn = false;
    },
  };
}
