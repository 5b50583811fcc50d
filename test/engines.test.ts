import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(path.join(repo, file), 'utf8')) as unknown;

const pkg = read('package.json') as { engines: { node: string } };
const lock = read('package-lock.json') as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe('the Node versions package.json promises', () => {
  it('are ones every locked package declares it runs on', () => {
    const ours = pkg.engines.node;
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== '')
      .flatMap(([name, entry]) => {
        const theirs = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return theirs && !semver.subset(ours, theirs) ? [`${name}@${entry.version}: node ${theirs}`] : [];
      });
    expect(refusing).toEqual([]);
  });

  it('include the Node this runs on', () => {
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
  });
});
