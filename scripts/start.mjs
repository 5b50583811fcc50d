// `npm start`: build when dist/ is missing or older than the sources, then serve (the server migrates at start).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './build-stamp.mjs';
import { buildIfStale } from './build.mjs';

await buildIfStale();
await import(pathToFileURL(path.join(ROOT, 'dist', 'server', 'server.js')).href);
