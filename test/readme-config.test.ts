import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productionSources, readRepoFile } from './support/repo-files.js';
import { CONFIG_VARIABLES } from '../src/server/config.js';
import { DEFAULT_LOCAL_MODEL, parseModelSource } from '../src/server/modules/ai/local/model-source.js';

const readme = readRepoFile('README.md');

/** The lines of a `## heading` section, up to the next `## `. */
function section(heading: string): string[] {
  const lines = readme.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  expect(start, `README has a "## ${heading}" section`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

const cells = (row: string) => row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|');

describe("the README's configuration table", () => {
  const lines = section('Configuration');
  const tableLines = lines.filter((line) => line.startsWith('|'));

  it('is one table: contiguous rows, a separator, every row with the header’s columns', () => {
    const first = lines.findIndex((line) => line.startsWith('|'));
    expect(lines.slice(first, first + tableLines.length)).toEqual(tableLines);
    const [header = '', separator = ''] = tableLines;
    expect(cells(separator).every((cell) => /^\s*:?-{3,}:?\s*$/.test(cell))).toBe(true);
    for (const row of tableLines) expect({ row, columns: cells(row).length }).toEqual({ row, columns: 3 });
    expect(cells(header).map((cell) => cell.trim())).toEqual(['variable', 'default', 'meaning']);
  });

  it('lists exactly the variables the config module reads', () => {
    const documented = tableLines
      .slice(2)
      .map((row) => /^`([A-Z0-9_]+)`$/.exec(cells(row)[0]?.trim() ?? '')?.[1]);
    expect(documented.every(Boolean)).toBe(true);
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('is the only place the server reads environment variables from', () => {
    const readers = productionSources(path.join('src', 'server')).filter((file) =>
      readRepoFile(file).includes('process.env'),
    );
    expect(readers).toEqual([path.join('src', 'server', 'config.ts')]);
  });
});

describe("the README's offline steps", () => {
  it('name the file and the address the default model is really looked for at', () => {
    const source = parseModelSource(DEFAULT_LOCAL_MODEL, '/srv/data');
    expect(source.kind).toBe('download');
    if (source.kind !== 'download') return;
    const offline = section('Offline, or no internet').join('\n');
    expect(offline).toContain(`DATA_DIR/models/${source.fileName}`);
    expect(offline).toContain(source.url.replace(/\?download=true$/, ''));
  });
});
