// Draws the installed app's icons after the logo (src/web/public/favicon.svg: a square of the accent colour,
// corners rounded a quarter, with a bold serif white "S") into src/web/public/icons/ with ImageMagick's
// `convert`. Run once by hand when the logo changes (`node scripts/make-app-icons.mjs`) and commit the PNGs:
// neither the build nor the tests draw them. ImageMagick's own SVG renderer outlines text in black, so the
// logo is drawn again here with its colour, corner and letter rather than rasterised.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './build-stamp.mjs';

const PUBLIC = path.join(ROOT, 'src', 'web', 'public');
const LOGO = fs.readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');
const ACCENT = /<rect[^>]* fill="(#[0-9a-f]{6})"/i.exec(LOGO)?.[1];
if (!ACCENT) throw new Error('favicon.svg has no square colour to take');
/** Georgia, as the logo asks, is rarely installed on a build machine; DejaVu Serif Bold is its stand-in. */
const FONT = process.env.ICON_FONT ?? '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf';

/**
 * `rounded`: the logo's own corners (the manifest's plain icons). Otherwise a full-bleed square: a maskable
 * icon is cut to the platform's shape, which keeps the middle 80 % circle, and iOS rounds the apple-touch
 * icon itself. `letter` is the S's height as a share of the side (the logo's is 38/64).
 */
const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, letter: 38 / 64 },
  { file: 'icon-512.png', size: 512, rounded: true, letter: 38 / 64 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, letter: (38 / 64) * 0.8 },
  { file: 'apple-touch-icon-180.png', size: 180, rounded: false, letter: 38 / 64 },
];

for (const { file, size, rounded, letter } of ICONS) {
  const target = path.join(PUBLIC, 'icons', file);
  // A roundrectangle with no radius draws nothing; a plain rectangle is the full-bleed square.
  const square = rounded
    ? `roundrectangle 0,0 ${size - 1},${size - 1} ${size / 4},${size / 4}`
    : `rectangle 0,0 ${size - 1},${size - 1}`;
  execFileSync('convert', [
    '-size',
    `${size}x${size}`,
    'xc:none',
    '-fill',
    ACCENT,
    '-draw',
    square,
    '-font',
    FONT,
    '-pointsize',
    String(Math.round(size * letter * 1.35)),
    '-fill',
    '#ffffff',
    '-gravity',
    'center',
    '-annotate',
    '+0+0',
    'S',
    '-strip',
    `PNG32:${target}`,
  ]);
  console.log(`[icons] ${path.relative(ROOT, target)} (${size} px)`);
}
