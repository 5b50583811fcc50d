/**
 * `npm run screenshots`: takes a picture of every key screen (scenes/*.scene.ts, at 375 and 1280 px,
 * light and star theme) against a fresh server, and, given a folder of earlier pictures, compares them
 * pixel by pixel and exits non-zero when a screen changed. See README "Screenshots".
 *
 *   npm run screenshots -- [--out DIR] [--against DIR] [--grep TEXT] [--compare-only]
 *                          [--tolerance N] [--max-pixels N]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compareFolders, DEFAULT_TOLERANCE, describe } from './compare.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CONFIG = path.join(ROOT, 'scripts', 'screenshots', 'playwright.config.ts');

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: path.join('e2e', '.artifacts', 'screenshots') },
    against: { type: 'string' },
    grep: { type: 'string' },
    'compare-only': { type: 'boolean', default: false },
    tolerance: { type: 'string', default: String(DEFAULT_TOLERANCE.channel) },
    'max-pixels': { type: 'string', default: String(DEFAULT_TOLERANCE.pixels) },
  },
});

/** A whole number from an option, or a clear stop: NaN would make every comparison come out "same". */
function count(option: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new Error(`--${option} takes a whole number, not "${value}"`);
  return number;
}

const tolerance = {
  channel: count('tolerance', values.tolerance),
  pixels: count('max-pixels', values['max-pixels']),
};
const out = path.resolve(values.out);
const against = values.against === undefined ? undefined : path.resolve(values.against);
if (against === out)
  throw new Error('--against must name another folder than --out: taking pictures empties it');

if (!values['compare-only']) {
  // Pictures left from an earlier run would be compared as if taken now; a partial run (--grep) keeps the rest.
  if (values.grep === undefined && fs.existsSync(out)) {
    for (const name of fs.readdirSync(out)) if (name.endsWith('.png')) fs.rmSync(path.join(out, name));
  }
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const grep = values.grep === undefined ? [] : ['--grep', values.grep];
  const run = spawnSync(process.execPath, [cli, 'test', '--config', CONFIG, ...grep], {
    cwd: ROOT,
    stdio: 'inherit',
    // One browser and one set of servers (playwright.config.ts), as the pictures were always taken.
    env: { ...process.env, SCREENSHOTS_DIR: out, E2E_WORKERS: '1' },
  });
  if (run.status !== 0) {
    console.error('[screenshots] a scene failed; its pictures are missing or partial');
    process.exit(run.status ?? 1);
  }
  console.log(`[screenshots] written to ${out}`);
}

if (against !== undefined) {
  const diffDir = path.join(out, 'diff');
  const results = compareFolders(against, out, diffDir, tolerance).filter(
    (result) => values.grep === undefined || result.status !== 'missing',
  );
  const notSame = results.filter((result) => result.status !== 'same');
  // Every screen with any difference is named, those within the tolerance too.
  for (const result of results)
    if (result.status !== 'same' || result.diff?.differing) console.log(describe(result));
  const failed = notSame.filter((result) => result.status === 'changed' || result.status === 'missing');
  console.log(
    `[screenshots] ${results.length - notSame.length} of ${results.length} screens unchanged` +
      (failed.length ? `; ${failed.length} changed or missing (red marks in ${diffDir})` : ''),
  );
  if (failed.length) process.exit(1);
}
