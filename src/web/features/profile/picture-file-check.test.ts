import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../../contracts/errors.js';
import { TINY_PNG as PNG } from '../../test/png.js';
import { checkPictureFile } from './picture-file-check.js';

// A real SVG and text saved under a .png name, as a person might pick them (and a real PNG).
const SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

describe('checkPictureFile (the server rule, in the browser)', () => {
  it('accepts a real PNG', async () => {
    const check = await checkPictureFile(new File([PNG], 'me.png', { type: 'image/png' }));
    expect(check.ok && check.type.extension).toBe('png');
  });

  it('refuses an SVG by its type', async () => {
    const check = await checkPictureFile(new File([SVG], 'logo.svg', { type: 'image/svg+xml' }));
    expect(check).toEqual({ ok: false, problem: 'type', message: ERRORS.imageType });
  });

  it('refuses text renamed to .png by its bytes', async () => {
    const check = await checkPictureFile(
      new File(['hello, not a picture'], 'fake.png', { type: 'image/png' }),
    );
    expect(check).toEqual({ ok: false, problem: 'mismatch', message: ERRORS.imageMismatch });
  });

  it('refuses an empty file and one with no type', async () => {
    expect(await checkPictureFile(new File([], 'empty.png', { type: 'image/png' }))).toMatchObject({
      problem: 'mismatch',
    });
    expect(await checkPictureFile(new File([PNG], 'noext', { type: '' }))).toMatchObject({ problem: 'type' });
  });

  it('refuses a picture over 2 MB', async () => {
    const big = new File([PNG, new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    expect(await checkPictureFile(big)).toEqual({
      ok: false,
      problem: 'too_large',
      message: ERRORS.imageTooLarge,
    });
  });
});
