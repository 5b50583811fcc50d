import { describe, expect, it } from 'vitest';
import { checkStampFile, isStampImageType, STAMP_ACCEPT, STAMP_IMAGE_TYPES } from './stamp-types.js';

describe('stamp image types (SPEC §9)', () => {
  it('allows exactly the SPEC list', () => {
    expect(STAMP_IMAGE_TYPES.map((type) => type.replace('image/', ''))).toEqual([
      'apng',
      'avif',
      'bmp',
      'gif',
      'jpeg',
      'png',
      'svg+xml',
      'webp',
      'x-icon',
    ]);
    expect(STAMP_ACCEPT.split(',')).toHaveLength(9);
    for (const type of STAMP_IMAGE_TYPES) expect(isStampImageType(type)).toBe(true);
  });

  it('accepts any letter case and the Microsoft icon alias', () => {
    expect(isStampImageType('IMAGE/PNG')).toBe(true);
    expect(isStampImageType('image/vnd.microsoft.icon')).toBe(true);
  });

  it('refuses other types with a message naming the file and its type', () => {
    for (const type of ['image/tiff', 'text/plain', 'application/pdf', 'image/heic', '']) {
      expect(isStampImageType(type)).toBe(false);
    }
    expect(checkStampFile({ name: 'scan.tiff', type: 'image/tiff' })).toBe(
      '“scan.tiff” is of type image/tiff. A stamp must be an image: APNG, AVIF, BMP, GIF, JPEG, PNG, SVG, WebP or ICO.',
    );
    expect(checkStampFile({ name: 'notes', type: '' })).toContain('a file of unknown type');
    expect(checkStampFile({ name: 'logo.png', type: 'image/png' })).toBeNull();
  });
});
