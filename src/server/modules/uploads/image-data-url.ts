import { ERRORS } from '../../../contracts/errors.js';
import { checkPicture } from '../../../contracts/pictures.js';
import { HttpError } from '../../lib/http-error.js';

export interface DecodedImage {
  bytes: Buffer;
  mime: string;
  extension: string;
}

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/i;

/**
 * Decodes an image data URL, refusing anything whose bytes are not the image type it claims. The rule itself
 * is checkPicture in contracts, so the browser refuses exactly what this refuses, before any upload.
 */
export function decodeImageDataUrl(dataUrl: string): DecodedImage {
  const match = DATA_URL.exec(dataUrl);
  if (!match?.[1] || match[2] === undefined) throw new HttpError(400, ERRORS.imageType);
  const bytes = Buffer.from(match[2], 'base64');
  const check = checkPicture(match[1], bytes.length, bytes);
  if (!check.ok) throw new HttpError(check.problem === 'too_large' ? 413 : 400, check.message);
  return { bytes, mime: check.type.mime, extension: check.type.extension };
}
