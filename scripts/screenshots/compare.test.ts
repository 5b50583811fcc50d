import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePng, encodePng, makePng, type RgbaImage } from '../../e2e/support/png.js';
import { compareFolders, diffImages } from './compare.js';

function image(width: number, height: number, at: (x: number, y: number) => number[]): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) data.set(at(x, y), (y * width + x) * 4);
  return { width, height, data };
}

const gradient = image(7, 5, (x, y) => [x * 30, y * 40, (x * y * 13) % 256, 255]);

/**
 * An RGB PNG whose rows use every filter type in turn, as Chromium's encoder does: encodePng writes
 * only unfiltered rows, so this is what proves the decoder undoes each filter.
 */
function filteredRgbPng(source: RgbaImage): Buffer {
  const { width, height } = source;
  const rgb = (x: number, y: number, c: number) =>
    x < 0 || y < 0 ? 0 : (source.data[(y * width + x) * 4 + c] ?? 0);
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    const filter = y % 5;
    rows.push(filter);
    for (let x = 0; x < width; x += 1) {
      for (let c = 0; c < 3; c += 1) {
        const [value, left, up, upLeft] = [
          rgb(x, y, c),
          rgb(x - 1, y, c),
          rgb(x, y - 1, c),
          rgb(x - 1, y - 1, c),
        ];
        const p = left + up - upLeft;
        const paeth =
          Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft)
            ? left
            : Math.abs(p - up) <= Math.abs(p - upLeft)
              ? up
              : upLeft;
        const predicted = [0, left, up, (left + up) >> 1, paeth][filter] ?? 0;
        rows.push((value - predicted + 256) & 0xff);
      }
    }
  }
  // Reuse encodePng's chunk framing: swap its IDAT for ours and its colour type for RGB.
  const frame = encodePng({ width, height, data: new Uint8Array(width * height * 4) });
  const ihdr = Buffer.from(frame.subarray(8, 33));
  ihdr[8 + 9] = 2;
  const idat = deflateSync(Buffer.from(rows));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(idat.length);
  // The decoder does not check CRCs, so zeroes stand in for them.
  const chunk = (type: string, data: Buffer) =>
    Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  return Buffer.concat([frame.subarray(0, 8), ihdr, chunk('IDAT', idat), frame.subarray(frame.length - 12)]);
}

describe('PNG decoding', () => {
  it('reads back what encodePng wrote', () => {
    const decoded = decodePng(encodePng(gradient));
    expect(decoded.width).toBe(7);
    expect(decoded.height).toBe(5);
    expect([...decoded.data]).toEqual([...gradient.data]);
  });

  it('undoes every row filter of an RGB file and makes it opaque RGBA', () => {
    const decoded = decodePng(filteredRgbPng(gradient));
    expect([...decoded.data]).toEqual([...gradient.data]);
  });

  it('refuses what is not a PNG', () => {
    expect(() => decodePng(Buffer.from('not a picture'))).toThrow('not a PNG file');
  });

  it('makePng still draws its gradient', () => {
    const decoded = decodePng(makePng(4, 4));
    expect([...decoded.data.subarray(0, 4)]).toEqual([106, 92, 255, 255]);
  });
});

describe('diffImages', () => {
  it('counts the pixels that moved beyond the tolerance and boxes them', () => {
    const after = image(7, 5, (x, y) => {
      const base = [x * 30, y * 40, (x * y * 13) % 256, 255];
      if (x === 2 && y === 1) return [base[0] ?? 0, 255, 0, 255];
      if (x === 5 && y === 3) return [(base[0] ?? 0) + 1, base[1] ?? 0, base[2] ?? 0, 255];
      return base;
    });
    const diff = diffImages(gradient, after, 2);
    expect(diff.differing).toBe(1);
    expect(diff.box).toEqual({ x: 2, y: 1, width: 1, height: 1 });
    expect([...(diff.picture?.data.subarray((1 * 7 + 2) * 4, (1 * 7 + 2) * 4 + 4) ?? [])]).toEqual([
      255, 0, 0, 255,
    ]);
    expect(diffImages(gradient, after, 255).differing).toBe(0);
  });

  it('calls every pixel changed when the sizes differ', () => {
    const diff = diffImages(
      gradient,
      image(7, 6, () => [0, 0, 0, 255]),
      2,
    );
    expect(diff.differing).toBe(42);
    expect(diff.sizes).toEqual({ before: '7×5', after: '7×6' });
    expect(diff.picture).toBeNull();
  });
});

describe('compareFolders', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'screens-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('sorts screens into same, changed, missing and new, and draws each change', () => {
    // 35 differing pixels: a change only with no pixels allowed (the default allows rasteriser noise).
    const before = path.join(root, 'before');
    const after = path.join(root, 'after');
    const diff = path.join(root, 'diff');
    for (const dir of [before, after]) fs.mkdirSync(dir, { recursive: true });
    const write = (dir: string, name: string, picture: RgbaImage) =>
      fs.writeFileSync(path.join(dir, name), encodePng(picture));
    write(before, 'same.png', gradient);
    write(after, 'same.png', gradient);
    write(before, 'changed.png', gradient);
    write(
      after,
      'changed.png',
      image(7, 5, () => [0, 0, 0, 255]),
    );
    write(before, 'gone.png', gradient);
    write(after, 'added.png', gradient);

    const results = compareFolders(before, after, diff, { channel: 2, pixels: 0 });
    expect(results.map(({ name, status }) => [name, status])).toEqual([
      ['added.png', 'new'],
      ['changed.png', 'changed'],
      ['gone.png', 'missing'],
      ['same.png', 'same'],
    ]);
    expect(fs.readdirSync(diff)).toEqual(['changed.png']);
  });
});
