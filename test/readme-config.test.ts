import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../src/server/config.js';
import { DEFAULT_LOCAL_MODEL, parseModelSource } from '../src/server/modules/ai/local/model-source.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');

/** The lines of a `## heading` section, up to the next `## `. */
function section(heading: string): string[] {
  const lines = readme.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  expect(start, `README has a "## ${heading}" section`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

const cells = (row: string) => row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|');

/** Server source files that are not tests or test support. */
function productionSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : productionSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

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
    const readers = productionSources(path.join(repo, 'src', 'server')).filter((file) =>
      readFileSync(file, 'utf8').includes('process.env'),
    );
    expect(readers.map((file) => path.relative(repo, file))).toEqual([
      path.join('src', 'server', 'config.ts'),
    ]);
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
