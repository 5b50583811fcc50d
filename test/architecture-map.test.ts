import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, readRepoFile } from './support/repo-files.js';

const map = readRepoFile(path.join('docs', 'architecture.md')).split('\n');

/** The lines under a heading (`## X` or `### X`), up to the next heading of the same or a higher level. */
function section(heading: string): string[] {
  const start = map.indexOf(heading);
  expect(start, `docs/architecture.md has a "${heading}" section`).toBeGreaterThanOrEqual(0);
  const level = heading.split(' ')[0] ?? '';
  const end = map.findIndex(
    (line, i) => i > start && /^#+ /.test(line) && (line.split(' ')[0] ?? '').length <= level.length,
  );
  return map.slice(start + 1, end === -1 ? undefined : end);
}

/** The names in a table's first column, written as `name`. */
const firstColumn = (lines: string[]) =>
  lines.flatMap((line) => /^\|\s*`([^`]+)`\s*\|/.exec(line)?.[1] ?? []).sort();

const folders = (dir: string) =>
  readdirSync(path.join(REPO, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The other modules a module's production files import, read from their import lines. */
function moduleImports(moduleName: string): string[] {
  const dir = path.join(REPO, 'src', 'server', 'modules', moduleName);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.split(path.sep).includes('test'),
  );
  const imported = files.flatMap((file) =>
    [...readFileSync(path.join(dir, file), 'utf8').matchAll(/from '((?:\.\.\/)+)([a-z-]+)\//g)].flatMap(
      ([, up = '', target = '']) => {
        const resolved = path.relative(
          path.join(REPO, 'src', 'server', 'modules'),
          path.resolve(path.dirname(path.join(dir, file)), up, target),
        );
        return resolved.includes(path.sep) || resolved.startsWith('..') || resolved === moduleName
          ? []
          : [resolved];
      },
    ),
  );
  return [...new Set(imported)].sort();
}

describe('docs/architecture.md, the map', () => {
  it('lists every server module, and only those', () => {
    expect(firstColumn(section('### Server modules'))).toEqual(
      folders(path.join('src', 'server', 'modules')),
    );
  });

  it("gives each module's imports as its files' import lines do", () => {
    const rows = section('### Server modules').flatMap((line) => {
      const row = /^\|\s*`([^`]+)`\s*\|[^|]*\|\s*([^|]*?)\s*\|$/.exec(line);
      return row ? [[row[1], row[2] === '–' ? [] : (row[2] ?? '').split(/,\s*/).sort()] as const] : [];
    });
    for (const [name, listed] of rows)
      expect(listed, `imports of ${name}`).toEqual(moduleImports(name ?? ''));
  });

  it('lists every web feature, and only those', () => {
    expect(firstColumn(section('## Web'))).toEqual(folders(path.join('src', 'web', 'features')));
  });

  it('lists every decision record by its file and its title, and only those', () => {
    const listed = section('## Decisions').flatMap((line) => {
      const entry = /^- \[(\d{3})\]\(decisions\/([^)]+)\): (.+)$/.exec(line);
      return entry ? [{ file: entry[2], title: `${entry[1]}: ${entry[3]}` }] : [];
    });
    const records = readdirSync(path.join(REPO, 'docs', 'decisions'))
      .filter((file) => file.endsWith('.md'))
      .sort()
      .map((file) => ({
        file,
        title: readRepoFile(path.join('docs', 'decisions', file))
          .split('\n')[0]
          ?.replace(/^# /, ''),
      }));
    expect(listed).toEqual(records);
  });

  it('stays a map: at most 150 lines', () => {
    expect(map.length).toBeLessThanOrEqual(150);
  });
});
