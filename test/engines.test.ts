import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { readRepoFile } from './support/repo-files.js';

const read = (file: string) => JSON.parse(readRepoFile(file)) as unknown;

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
