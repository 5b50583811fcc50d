import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, wherever it was cloned. */
export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** A repository file's text, by its path from the root. */
export function readRepoFile(relative: string): string {
  return readFileSync(path.join(REPO, relative), 'utf8');
}

/** Tests, test support (any `test` folder) and the top-level test/ folder: code that never ships. */
export function isTestCode(relative: string): boolean {
  return /\.test\.tsx?$/.test(relative) || relative.split(path.sep).includes('test');
}

/** Production source files below `dir` (a path from the root), as paths from the root. */
export function productionSources(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return productionSources(relative);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !isTestCode(relative) ? [relative] : [];
  });
}
