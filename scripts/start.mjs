// `npm start`: build when dist/ is missing or older than the sources, then serve (the server migrates at start).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, computeStamp, readStamp } from './build-stamp.mjs';

const entry = path.join(ROOT, 'dist', 'server', 'server.js');

if (!fs.existsSync(entry) || readStamp() !== computeStamp()) {
  console.log('[start] the build is missing or stale; building first (about a minute on a small machine)');
  const { build } = await import('./build.mjs');
  build();
}

await import(pathToFileURL(entry).href);
