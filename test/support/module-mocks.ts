import { readRepoFile } from './repo-files.js';

/** `vi.mock(` or `vi.doMock(`: the calls that replace a module for the file that makes them. */
const REPLACES_A_MODULE = /\bvi\.(?:do)?[mM]ock\(/;

/**
 * The test files (paths from the root) that replace a module. The server's tests share one module graph per
 * worker (decision 027); such a file needs a graph of its own, or it would get modules already wired to the
 * real one and leave its replacement behind for the next file.
 */
export function moduleMockingTests(files: readonly string[]): string[] {
  return files.filter((file) => REPLACES_A_MODULE.test(readRepoFile(file)));
}
