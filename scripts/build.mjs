// Builds the web app (Vite) and the server (tsc) into dist/, then records what it built from.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, computeStamp, writeStamp } from './build-stamp.mjs';

function run(label, bin, args) {
  console.log(`[build] ${label}`);
  const result = spawnSync(process.execPath, [path.join(ROOT, bin), ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`[build] ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

/** Runs the full build; exported so `npm start` can build a missing or stale dist/. */
export function build() {
  const stamp = computeStamp();
  fs.rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true });
  run('web app (vite)', 'node_modules/vite/bin/vite.js', ['build', '--logLevel', 'warn']);
  run('server (tsc)', 'node_modules/typescript/bin/tsc', ['-p', 'tsconfig.server.json']);
  writeStamp(stamp);
  console.log('[build] done');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'scripts', 'build.mjs')) build();
