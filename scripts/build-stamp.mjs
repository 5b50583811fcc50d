// The build is stale when any input changed; a content hash (not mtimes) survives git clones and copies.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// fileURLToPath, not URL#pathname: the project may live in a folder whose name has spaces or non-ASCII letters.
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const STAMP_FILE = path.join(ROOT, 'dist', '.build-stamp');

const INPUTS = [
  'src',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  'package-lock.json',
  // The build steps themselves: a change to them alone must also rebuild.
  'scripts/build.mjs',
  'scripts/precompress.mjs',
];

function* files(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/** A hash of every build input's path and content. */
export function computeStamp() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(path.join(ROOT, input))) {
      hash.update(path.relative(ROOT, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

export function readStamp() {
  return fs.existsSync(STAMP_FILE) ? fs.readFileSync(STAMP_FILE, 'utf8').trim() : '';
}

export function writeStamp(stamp) {
  fs.writeFileSync(STAMP_FILE, `${stamp}\n`);
}
