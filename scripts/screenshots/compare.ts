import fs from 'node:fs';
import path from 'node:path';
import { decodePng, encodePng, type RgbaImage } from '../../e2e/support/png.js';

/** How different two pictures of one screen may be before the screen counts as changed. */
export interface Tolerance {
  /** A pixel differs when one of its channels moves by more than this (0–255). */
  channel: number;
  /** A screen changed when more pixels than this differ. */
  pixels: number;
}

/**
 * Chromium's software rasteriser does not draw every rounded edge the same way twice: two runs of an
 * unchanged tree differ by up to about a hundred edge pixels on a screen. A moved or recoloured element
 * changes thousands. Screens within the tolerance are still listed, so nothing is hidden.
 */
export const DEFAULT_TOLERANCE: Tolerance = { channel: 2, pixels: 200 };

export interface ImageDiff {
  /** Pixels that differ beyond the channel tolerance (every pixel when the sizes differ). */
  differing: number;
  total: number;
  sizes: { before: string; after: string };
  /** The smallest rectangle holding every differing pixel, to say where to look. */
  box: { x: number; y: number; width: number; height: number } | null;
  /** The after picture faded to grey with differing pixels in red; null when the sizes differ. */
  picture: RgbaImage | null;
}

const size = (image: RgbaImage) => `${image.width}×${image.height}`;

/** Compares two decoded pictures pixel by pixel. */
export function diffImages(before: RgbaImage, after: RgbaImage, channel: number): ImageDiff {
  const sizes = { before: size(before), after: size(after) };
  const total = after.width * after.height;
  if (before.width !== after.width || before.height !== after.height) {
    return {
      differing: Math.max(total, before.width * before.height),
      total,
      sizes,
      box: null,
      picture: null,
    };
  }
  const picture = new Uint8Array(after.data.length);
  let differing = 0;
  let [left, top, right, bottom] = [after.width, after.height, -1, -1];
  for (let pixel = 0; pixel < total; pixel += 1) {
    const at = pixel * 4;
    let delta = 0;
    for (let c = 0; c < 4; c += 1)
      delta = Math.max(delta, Math.abs((before.data[at + c] ?? 0) - (after.data[at + c] ?? 0)));
    if (delta > channel) {
      differing += 1;
      const x = pixel % after.width;
      const y = Math.floor(pixel / after.width);
      [left, top, right, bottom] = [
        Math.min(left, x),
        Math.min(top, y),
        Math.max(right, x),
        Math.max(bottom, y),
      ];
      picture.set([255, 0, 0, 255], at);
    } else {
      // A light grey version of the screen, so the red marks stand out and the layout stays readable.
      const grey = Math.round(
        0.299 * (after.data[at] ?? 0) + 0.587 * (after.data[at + 1] ?? 0) + 0.114 * (after.data[at + 2] ?? 0),
      );
      const faded = 170 + Math.round(grey / 3);
      picture.set([faded, faded, faded, 255], at);
    }
  }
  const box = differing ? { x: left, y: top, width: right - left + 1, height: bottom - top + 1 } : null;
  return {
    differing,
    total,
    sizes,
    box,
    picture: { width: after.width, height: after.height, data: picture },
  };
}

export interface ScreenResult {
  name: string;
  status: 'same' | 'changed' | 'missing' | 'new';
  diff?: ImageDiff;
}

const pngs = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.png'))
        .sort()
    : [];

/**
 * Compares every screenshot in `afterDir` with the one of the same name in `beforeDir`, and writes a
 * picture of each change to `diffDir` (emptied first).
 */
export function compareFolders(
  beforeDir: string,
  afterDir: string,
  diffDir: string,
  tolerance: Tolerance = DEFAULT_TOLERANCE,
): ScreenResult[] {
  fs.rmSync(diffDir, { recursive: true, force: true });
  const before = new Set(pngs(beforeDir));
  const after = pngs(afterDir);
  const results: ScreenResult[] = [...before]
    .filter((name) => !after.includes(name))
    .map((name) => ({ name, status: 'missing' }));
  for (const name of after) {
    if (!before.has(name)) {
      results.push({ name, status: 'new' });
      continue;
    }
    const diff = diffImages(
      decodePng(fs.readFileSync(path.join(beforeDir, name))),
      decodePng(fs.readFileSync(path.join(afterDir, name))),
      tolerance.channel,
    );
    const changed = diff.differing > tolerance.pixels;
    if (changed && diff.picture) {
      fs.mkdirSync(diffDir, { recursive: true });
      fs.writeFileSync(path.join(diffDir, name), encodePng(diff.picture));
    }
    results.push({ name, status: changed ? 'changed' : 'same', diff });
  }
  return results.sort((a, b) => a.name.localeCompare(b.name));
}

/** One line a screen that is not the same, for people to read. */
export function describe(result: ScreenResult): string {
  const { diff } = result;
  if (result.status === 'missing') return `missing  ${result.name} (in the earlier set, not taken now)`;
  if (result.status === 'new') return `new      ${result.name} (no earlier picture)`;
  if (!diff) return `${result.status.padEnd(8)} ${result.name}`;
  const status = result.status === 'same' ? 'within' : result.status;
  if (diff.sizes.before !== diff.sizes.after)
    return `changed  ${result.name}: size ${diff.sizes.before} → ${diff.sizes.after}`;
  const share = ((diff.differing / diff.total) * 100).toFixed(3);
  const where = diff.box ? ` at x ${diff.box.x}, y ${diff.box.y}, ${diff.box.width}×${diff.box.height}` : '';
  return `${status.padEnd(8)} ${result.name}: ${diff.differing} pixels (${share} %)${where}`;
}
