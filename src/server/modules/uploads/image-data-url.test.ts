import { describe, expect, it } from 'vitest';
import { decodeImageDataUrl } from './image-data-url.js';

const url = (mime: string, bytes: number[] | Buffer) =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

describe('decodeImageDataUrl', () => {
  it.each([
    ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'png'],
    ['image/jpeg', [0xff, 0xd8, 0xff, 0xe0, 0], 'jpg'],
    ['image/jpg', [0xff, 0xd8, 0xff, 0xe0, 0], 'jpg'],
    ['image/gif', [...Buffer.from('GIF89a'), 0], 'gif'],
    ['image/webp', [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8 ')], 'webp'],
    ['image/avif', [0, 0, 0, 0x1c, ...Buffer.from('ftypavif')], 'avif'],
    ['image/bmp', [...Buffer.from('BM'), 0, 0], 'bmp'],
    ['image/x-icon', [0, 0, 1, 0, 1, 0], 'ico'],
  ])('accepts %s by its magic bytes', (mime, bytes, extension) => {
    const decoded = decodeImageDataUrl(url(mime, bytes));
    expect(decoded.extension).toBe(extension);
    expect(decoded.bytes.equals(Buffer.from(bytes))).toBe(true);
  });

  it.each([
    ['not a data URL', 'hello'],
    ['a non-image type', url('application/pdf', Buffer.from('%PDF-1.7'))],
    ['an empty image', 'data:image/png;base64,'],
    ['a mismatched signature', url('image/gif', [0x89, 0x50, 0x4e, 0x47])],
  ])('refuses %s', (_label, input) => {
    expect(() => decodeImageDataUrl(input)).toThrow();
  });
});
