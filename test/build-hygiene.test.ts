import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTestCode, productionSources, readRepoFile, REPO } from './support/repo-files.js';

describe('what ships', () => {
  it('the server build (tsconfig.server.json) compiles no test or test-support module', () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const listed = execFileSync(process.execPath, [tsc, '-p', 'tsconfig.server.json', '--listFilesOnly'], {
      cwd: REPO,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file && !file.includes(`${path.sep}node_modules${path.sep}`))
      .map((file) => path.relative(REPO, file));
    expect(listed.length).toBeGreaterThan(50);
    expect(listed.filter(isTestCode)).toEqual([]);
  }, 60_000);

  it('every runtime dependency is imported by production code', () => {
    const pkg = JSON.parse(readRepoFile('package.json')) as {
      dependencies: Record<string, string>;
    };
    const sources = ['src', 'scripts'].flatMap(productionSources).map(readRepoFile);
    const unused = Object.keys(pkg.dependencies).filter((name) => {
      const imported = new RegExp(`(from |import\\()'${name.replace(/[/.]/g, '\\$&')}(/[^']*)?'`);
      return !sources.some((source) => imported.test(source));
    });
    expect(unused).toEqual([]);
  });

  it('every dependency is pinned to one exact version (DESIGN §6: on Node 20 a range drifts to an older major)', () => {
    const pkg = JSON.parse(readRepoFile('package.json')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const ranged = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })
      .filter(([, version]) => !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version))
      .map(([name, version]) => `${name}@${version}`);
    expect(ranged).toEqual([]);
  });
});
