import { describe, expect, it } from 'vitest';
import { createProgressBar, formatDuration } from './download-progress.js';

describe('createProgressBar', () => {
  it('prints a line every 10 % when the output is not a terminal', () => {
    const lines: string[] = [];
    const bar = createProgressBar('Downloading m.gguf', { isTTY: false, write: () => {} }, (line) =>
      lines.push(line),
    );
    for (let bytes = 0; bytes <= 1_000_000; bytes += 12_345) bar.update(bytes / 1_000_000, bytes, 1_000_000);
    bar.update(1, 1_000_000, 1_000_000);
    bar.done();

    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('Downloading m.gguf: 0 % (0 B of 1.0 MB)');
    expect(lines[5]).toMatch(/^Downloading m\.gguf: 50 % \(/);
    expect(lines[10]).toBe('Downloading m.gguf: 100 % (1.0 MB of 1.0 MB)');
  });

  it('redraws one line on a terminal and ends it when done', () => {
    let written = '';
    const bar = createProgressBar('Downloading m.gguf', {
      isTTY: true,
      write: (text: string) => (written += text),
    });
    bar.update(0, 0, 100);
    bar.update(0.5, 50, 100); // within 200 ms of the last draw: skipped
    bar.update(1, 100, 100);
    bar.done();

    expect(written.split('\r').filter(Boolean)).toHaveLength(2);
    expect(written).toContain('[########################] 100 %');
    expect(written.endsWith('\n')).toBe(true);
    expect(written.slice(0, -1)).not.toContain('\n');
  });

  it("shows speed and time left once a second has been measured, counting only this run's bytes", () => {
    const lines: string[] = [];
    let clock = 0;
    const bar = createProgressBar(
      'Downloading m.gguf',
      { isTTY: false, write: () => {} },
      (line) => lines.push(line),
      () => clock,
    );
    // Resumed at 400 MB of 1 GB: the first 400 MB came in an earlier run and do not count towards the speed.
    bar.update(0.4, 400_000_000, 1_000_000_000);
    clock = 10_000;
    bar.update(0.5, 500_000_000, 1_000_000_000);
    clock = 20_000;
    bar.update(0.6, 600_000_000, 1_000_000_000);

    expect(lines).toEqual([
      'Downloading m.gguf: 40 % (400.0 MB of 1.0 GB)',
      'Downloading m.gguf: 50 % (500.0 MB of 1.0 GB, 10.0 MB/s, 50 s left)',
      'Downloading m.gguf: 60 % (600.0 MB of 1.0 GB, 10.0 MB/s, 40 s left)',
    ]);
  });

  it('shows speed and time left on a terminal too', () => {
    let written = '';
    let clock = 0;
    const bar = createProgressBar(
      'Downloading m.gguf',
      { isTTY: true, write: (text: string) => (written += text) },
      undefined,
      () => clock,
    );
    bar.update(0, 0, 1_000_000_000);
    clock = 100_000;
    bar.update(0.25, 250_000_000, 1_000_000_000);
    expect(written.split('\r').at(-1)).toBe(
      'Downloading m.gguf [######------------------]  25 % 250.0 MB of 1.0 GB, 2.5 MB/s, 5 min 0 s left\u001b[K',
    );
  });
});

describe('formatDuration', () => {
  it('reads like a person would say it', () => {
    expect(formatDuration(4.4)).toBe('4 s');
    expect(formatDuration(95)).toBe('1 min 35 s');
    expect(formatDuration(4000)).toBe('1 h 6 min');
  });
});
