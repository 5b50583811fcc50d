// Writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of the built web app, at the
// highest levels: done once at build time, so the server sends them without compressing per request.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);
/** Below about a kilobyte the saving is smaller than a packet, not worth a second and third file. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* filesUnder(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `file + extension` only when it is smaller; otherwise the server keeps sending the original. */
async function writeIfSmaller(file, original, compressed, extension) {
  if (compressed.length >= original.length) return 0;
  await fs.writeFile(file + extension, compressed);
  return compressed.length;
}

async function compressOne(file) {
  const original = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    original: original.length,
    br: await writeIfSmaller(file, original, br, '.br'),
    gz: await writeIfSmaller(file, original, gz, '.gz'),
  };
}

/**
 * Precompresses every text asset over MIN_BYTES under `dir` (brotli quality 11, gzip level 9) and returns
 * the totals: how many files, their size, and the size of their brotli and gzip copies.
 */
export async function precompress(dir) {
  const chosen = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    if ((await fs.stat(file)).size > MIN_BYTES) chosen.push(file);
  }
  // zlib's async calls run on libuv's thread pool, so all files at once use every core.
  const results = await Promise.all(chosen.map(compressOne));
  const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
  return { files: results.length, original: total('original'), br: total('br'), gz: total('gz') };
}
