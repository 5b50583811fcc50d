import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type TypeScript from 'typescript';
import { REPO } from './repo-files.js';

/**
 * What the server test project runs (vitest.config.ts), as folders from the root: every *.test.ts below them
 * except the scale-out suite, which has its own project.
 */
export const SERVER_TEST_FOLDERS = ['src/server', 'src/contracts', 'scripts', 'test'];
const SCALEOUT = /\.scaleout\.test\.ts$/;

/**
 * The variables that move a test from SQLite to PostgreSQL and from in-memory realtime to Redis
 * (src/server/test/test-db.ts, test-server.ts). Only a test that reads one, itself or through what it imports,
 * runs differently in CI's PostgreSQL pass; every other test would repeat its SQLite run exactly.
 */
export const DATABASE_SWITCHES = ['TEST_DATABASE_URL', 'TEST_REDIS_URL'];

/** The server project's test files, as paths from the root with forward slashes (vitest's include form). */
export function serverTestFiles(): string[] {
  return SERVER_TEST_FOLDERS.flatMap((folder) =>
    fs
      .readdirSync(path.join(REPO, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.test.ts') && !SCALEOUT.test(name) && !name.includes('node_modules'))
      .map((name) => path.posix.join(folder, name.split(path.sep).join('/'))),
  ).sort();
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

let typescript: typeof TypeScript | undefined;
/** TypeScript's scanner, loaded on first use: vitest.config.ts imports this module on every run. */
function scanner(): typeof TypeScript {
  typescript ??= createRequire(import.meta.url)('typescript') as typeof TypeScript;
  return typescript;
}

/** The repository file a relative specifier names (`./x.js` is ./x.ts on disk), or undefined for a package. */
function resolveImport(specifier: string, from: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((extension) => stem + extension),
    ...SOURCE_EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ];
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/**
 * Every repository file `file` (absolute) loads, itself included: static and dynamic imports, re-exports and
 * type imports, as TypeScript's own scanner reads them (so a specifier in a comment or a string is no import).
 */
export function importClosure(file: string): Set<string> {
  const seen = new Set<string>();
  const pending = [file];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next) || !SOURCE_EXTENSIONS.includes(path.extname(next))) continue;
    seen.add(next);
    const { importedFiles } = scanner().preProcessFile(fs.readFileSync(next, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const resolved = resolveImport(fileName, next);
      if (resolved !== undefined) pending.push(resolved);
    }
  }
  return seen;
}

/** Whether any of the files reads one of DATABASE_SWITCHES. */
export function readsASwitch(files: Iterable<string>): boolean {
  return [...files].some((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return DATABASE_SWITCHES.some((name) => text.includes(name));
  });
}

/**
 * The server test files that open their database or realtime through DATABASE_SWITCHES: the ones CI runs a
 * second time on PostgreSQL and Redis (the vitest project server-db).
 */
export function databaseTests(): string[] {
  return serverTestFiles().filter((file) => readsASwitch(importClosure(path.join(REPO, file))));
}
