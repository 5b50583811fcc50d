// Builds the web app (Vite) and the server (tsc) into dist/, then records what it built from.
// `node scripts/build.mjs --if-stale` builds only when dist/ is missing or older than the sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, computeStamp, readStamp, writeStamp } from './build-stamp.mjs';
import { precompress } from './precompress.mjs';

const WEB_ROOT = path.join(ROOT, 'dist', 'web');
/** Source maps live beside the web root, never in it: the server has no route to them. */
const SOURCEMAPS = path.join(ROOT, 'dist', 'sourcemaps');

function run(label, bin, args) {
  console.log(`[build] ${label}`);
  const result = spawnSync(process.execPath, [path.join(ROOT, bin), ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`[build] ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

/** Moves every .map file of the web build to SOURCEMAPS, keeping its path (assets/index-abc.js.map). */
function moveSourceMaps() {
  let moved = 0;
  for (const relative of fs.readdirSync(WEB_ROOT, { recursive: true, encoding: 'utf8' })) {
    if (!relative.endsWith('.map')) continue;
    const target = path.join(SOURCEMAPS, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(path.join(WEB_ROOT, relative), target);
    moved += 1;
  }
  return moved;
}

/** The pages a signed-out visitor lands on, by the name the server maps back to a route (index is "/"). */
const PRERENDERED_PAGES = { index: '/', auth: '/auth' };

/** Puts a string in place of the one occurrence of `marker` in the page template, or fails the build. */
function fill(template, marker, value) {
  const at = template.indexOf(marker);
  if (at === -1) throw new Error(`[build] index.html has no ${marker}`);
  return template.slice(0, at) + value + template.slice(at + marker.length);
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]* href="([^"]+)"[^>]*>/g;

/**
 * The page template with its stylesheets inlined: a stylesheet link blocks the first paint until the file is
 * in, and on a slow link it shares the line with the scripts. Each link stays, for media that never match:
 * it no longer blocks, and Vite's chunk loader, which looks for the link before adding a chunk's CSS,
 * still finds it, so no rule is added twice later on, out of its order.
 */
function inlineStylesheets(template) {
  if (!STYLESHEET_LINK.test(template)) throw new Error('[build] index.html links no stylesheet to inline');
  return template.replace(STYLESHEET_LINK, (link, href) => {
    const css = fs.readFileSync(path.join(WEB_ROOT, href), 'utf8');
    if (css.includes('</style')) throw new Error(`[build] ${href} cannot be inlined: it holds </style`);
    return `<style>${css}</style>${link.replace('>', ' media="not all">')}`;
  });
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;

/**
 * The page template with its scripts out of the first frame's way: on a fast link the entry module arrived,
 * compiled and ran (half a megabyte, its preloaded chunks alongside) before Chromium drew the prerendered HTML.
 * Here public/after-first-paint.js imports the entry once the page has painted, and the entry fetches its own
 * chunks; nothing needs them to paint, forms post without them, and what someone types before hydration is kept.
 */
function scriptsAfterFirstPaint(template) {
  const found = ENTRY_SCRIPT.exec(template);
  if (!found) throw new Error('[build] index.html has no module entry script');
  const starter = `<script defer src="/after-first-paint.js" data-entry="${found[1]}"></script>`;
  return fill(template.replace(found[0], '').replace(MODULE_PRELOAD, ''), '</body>', `${starter}\n  </body>`);
}

/**
 * Renders the visitor pages to HTML in dist/web/prerendered/ (served by src/server/plugins/static-files.ts),
 * each the built index.html with the page inside #root and its CSS inline, so the page paints as soon as its
 * HTML is in; the app hydrates it after that first frame (scriptsAfterFirstPaint).
 */
async function prerenderPages() {
  const bundle = path.join(ROOT, 'dist', 'prerender');
  run('visitor pages (vite --ssr)', 'node_modules/vite/bin/vite.js', [
    'build',
    '--ssr',
    'prerender.tsx',
    '--outDir',
    bundle,
    // A throwaway bundle, run once below: no maps.
    '--sourcemap',
    'false',
    '--logLevel',
    'warn',
  ]);
  const { prerender } = await import(pathToFileURL(path.join(bundle, 'prerender.js')).href);
  const template = scriptsAfterFirstPaint(
    inlineStylesheets(fs.readFileSync(path.join(WEB_ROOT, 'index.html'), 'utf8')),
  );
  const target = path.join(WEB_ROOT, 'prerendered');
  fs.mkdirSync(target);
  for (const [name, url] of Object.entries(PRERENDERED_PAGES)) {
    const page = prerender(url);
    const html = fill(
      fill(template, '<title>Simplified</title>', page.title),
      '<div id="root"></div>',
      `<div id="root">${page.html}</div>`,
    );
    fs.writeFileSync(path.join(target, `${name}.html`), html);
  }
  fs.rmSync(bundle, { recursive: true, force: true });
  return Object.keys(PRERENDERED_PAGES).length;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

/** Runs the full build; exported so `npm start` can build a missing or stale dist/. */
export async function build() {
  const stamp = computeStamp();
  fs.rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true });
  run('web app (vite)', 'node_modules/vite/bin/vite.js', ['build', '--logLevel', 'warn']);
  console.log(`[build] moved ${moveSourceMaps()} source maps to ${path.relative(ROOT, SOURCEMAPS)}/`);
  console.log(`[build] prerendered ${await prerenderPages()} visitor pages`);
  const packed = await precompress(WEB_ROOT);
  console.log(
    `[build] precompressed ${packed.files} files (${kib(packed.original)}): brotli ${kib(packed.br)}, gzip ${kib(packed.gz)}`,
  );
  run('server (tsc)', 'node_modules/typescript/bin/tsc', ['-p', 'tsconfig.server.json']);
  writeStamp(stamp);
  console.log('[build] done');
}

/** Builds when dist/ is missing or was built from other sources; true when it built. */
export async function buildIfStale() {
  const entry = path.join(ROOT, 'dist', 'server', 'server.js');
  if (fs.existsSync(entry) && readStamp() === computeStamp()) return false;
  console.log('[build] the build is missing or stale; building first (about a minute on a small machine)');
  await build();
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'scripts', 'build.mjs')) {
  await (process.argv.includes('--if-stale') ? buildIfStale() : build());
}
