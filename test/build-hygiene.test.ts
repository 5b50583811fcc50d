import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('test') || file.startsWith(`test${path.sep}`);

/** Production source files: src/ and scripts/, without tests and test support. */
function productionSources(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return productionSources(relative);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !isTestCode(relative) ? [relative] : [];
  });
}

describe('what ships', () => {
  it('the server build (tsconfig.server.json) compiles no test or test-support module', () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const listed = execFileSync(process.execPath, [tsc, '-p', 'tsconfig.server.json', '--listFilesOnly'], {
      cwd: repo,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file && !file.includes(`${path.sep}node_modules${path.sep}`))
      .map((file) => path.relative(repo, file));
    expect(listed.length).toBeGreaterThan(50);
    expect(listed.filter(isTestCode)).toEqual([]);
  }, 60_000);

  it('every runtime dependency is imported by production code', () => {
    const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const sources = ['src', 'scripts']
      .flatMap(productionSources)
      .map((file) => readFileSync(path.join(repo, file), 'utf8'));
    const unused = Object.keys(pkg.dependencies).filter((name) => {
      const imported = new RegExp(`(from |import\\()'${name.replace(/[/.]/g, '\\$&')}(/[^']*)?'`);
      return !sources.some((source) => imported.test(source));
    });
    expect(unused).toEqual([]);
  });
});
