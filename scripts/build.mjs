// Builds the web app (Vite) and the server (tsc) into dist/, then records what it built from.
// `node scripts/build.mjs --if-stale` builds only when dist/ is missing or older than the sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, computeStamp, readStamp, writeStamp } from './build-stamp.mjs';
import { precompress } from './precompress.mjs';

const WEB_ROOT = path.join(ROOT, 'dist', 'web');
/** Source maps live beside the web root, never in it: the server has no route to them. */
const SOURCEMAPS = path.join(ROOT, 'dist', 'sourcemaps');

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

/** Moves every .map file of the web build to SOURCEMAPS, keeping its path (assets/index-abc.js.map). */
function moveSourceMaps() {
  let moved = 0;
  for (const relative of fs.readdirSync(WEB_ROOT, { recursive: true, encoding: 'utf8' })) {
    if (!relative.endsWith('.map')) continue;
    const target = path.join(SOURCEMAPS, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(path.join(WEB_ROOT, relative), target);
    moved += 1;
  }
  return moved;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

/** Runs the full build; exported so `npm start` can build a missing or stale dist/. */
export async function build() {
  const stamp = computeStamp();
  fs.rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true });
  run('web app (vite)', 'node_modules/vite/bin/vite.js', ['build', '--logLevel', 'warn']);
  console.log(`[build] moved ${moveSourceMaps()} source maps to ${path.relative(ROOT, SOURCEMAPS)}/`);
  const packed = await precompress(WEB_ROOT);
  console.log(
    `[build] precompressed ${packed.files} files (${kib(packed.original)}): brotli ${kib(packed.br)}, gzip ${kib(packed.gz)}`,
  );
  run('server (tsc)', 'node_modules/typescript/bin/tsc', ['-p', 'tsconfig.server.json']);
  writeStamp(stamp);
  console.log('[build] done');
}

/** Builds when dist/ is missing or was built from other sources; true when it built. */
export async function buildIfStale() {
  const entry = path.join(ROOT, 'dist', 'server', 'server.js');
  if (fs.existsSync(entry) && readStamp() === computeStamp()) return false;
  console.log('[build] the build is missing or stale; building first (about a minute on a small machine)');
  await build();
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'scripts', 'build.mjs')) {
  await (process.argv.includes('--if-stale') ? buildIfStale() : build());
}
