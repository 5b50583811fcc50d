import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const TEXT = 'export const greeting = "welcome back";\n'.repeat(100);
/** Text assets over a kilobyte: each gets a .br and a .gz copy. */
const COMPRESSED: Record<string, string> = {
  'index.html': `<!doctype html><body>${'<p>hello</p>'.repeat(200)}</body>`,
  'assets/app-1.js': TEXT,
  'assets/worker-1.mjs': TEXT,
  'assets/app-1.css': `p { color: red; }\n`.repeat(100),
  'assets/data/strings.json': JSON.stringify(Array(300).fill('text')),
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(300)}</svg>`,
  'robots.txt': 'User-agent: *\n'.repeat(100),
};
/** Too small to be worth it, not a text asset, and bytes that do not shrink. */
const LEFT_ALONE: Record<string, string | Buffer> = {
  'assets/tiny-1.js': 'console.log(1)',
  'assets/font-1.ttf': TEXT,
  'assets/noise-1.js': crypto.randomBytes(4096),
};

/** Runs the build's precompress step (plain JS, as `npm run build` runs it) over `dir`. */
function precompress(): { files: number; original: number; br: number; gz: number } {
  const script = pathToFileURL(path.resolve(import.meta.dirname, 'precompress.mjs')).href;
  const code = `const m = await import(${JSON.stringify(script)}); console.log(JSON.stringify(await m.precompress(${JSON.stringify(dir)})));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }),
  );
}

describe('precompressing the built web app', () => {
  for (const [name, content] of Object.entries({ ...COMPRESSED, ...LEFT_ALONE })) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  const totals = precompress();
  const exists = (name: string) => fs.existsSync(path.join(dir, name));

  it('writes brotli and gzip copies of each text asset over a kilobyte, which decode to the original', () => {
    for (const name of Object.keys(COMPRESSED)) {
      const original = fs.readFileSync(path.join(dir, name));
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, `${name}.br`)))).toEqual(original);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${name}.gz`)))).toEqual(original);
    }
    // The noise file is tried too, but neither copy is written.
    expect(totals.files).toBe(Object.keys(COMPRESSED).length + 1);
    expect(totals.br).toBeLessThan(totals.gz);
  });

  it('uses brotli quality 11 and gzip level 9', () => {
    const br = fs.readFileSync(path.join(dir, 'assets/app-1.js.br'));
    const gz = fs.readFileSync(path.join(dir, 'assets/app-1.js.gz'));
    const q11 = zlib.brotliCompressSync(TEXT, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(br.length).toBeLessThanOrEqual(q11.length);
    expect(gz.length).toBe(zlib.gzipSync(TEXT, { level: 9 }).length);
  });

  it('leaves small files, binary formats and incompressible files alone', () => {
    for (const name of Object.keys(LEFT_ALONE)) {
      expect(exists(`${name}.br`)).toBe(false);
      expect(exists(`${name}.gz`)).toBe(false);
    }
  });
});
