import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from './support/repo-files.js';

const parent = mkdtempSync(path.join(tmpdir(), 'paths-'));
/** A project folder as people name them: spaces and letters outside ASCII. */
const project = path.join(parent, 'Mes projets', 'simplifié app');

afterAll(() => rmSync(parent, { recursive: true, force: true }));

function node(script: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: project,
    encoding: 'utf8',
  });
}

describe('the npm scripts from a folder whose path has spaces and non-ASCII letters', () => {
  mkdirSync(path.join(project, 'src'), { recursive: true });
  cpSync(path.join(REPO, 'scripts'), path.join(project, 'scripts'), { recursive: true });
  writeFileSync(path.join(project, 'src', 'app.ts'), 'export const version = 1;\n');

  it('finds the project root and hashes the files in it', () => {
    const read = () =>
      JSON.parse(
        node(
          "const m = await import('./scripts/build-stamp.mjs'); console.log(JSON.stringify({ root: m.ROOT, stamp: m.computeStamp() }));",
        ),
      ) as { root: string; stamp: string };
    const before = read();
    expect(before.root).toBe(project);
    writeFileSync(path.join(project, 'src', 'app.ts'), 'export const version = 2;\n');
    expect(read().stamp).not.toBe(before.stamp);
  });

  it('`npm start` runs an up-to-date build without rebuilding', () => {
    mkdirSync(path.join(project, 'dist', 'server'), { recursive: true });
    writeFileSync(path.join(project, 'dist', 'server', 'server.js'), "console.log('server started');\n");
    node("const m = await import('./scripts/build-stamp.mjs'); m.writeStamp(m.computeStamp());");
    const output = execFileSync(process.execPath, [path.join(project, 'scripts', 'start.mjs')], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(output).toBe('server started\n');
  });
});
