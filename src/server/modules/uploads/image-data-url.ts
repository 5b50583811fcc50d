import { ERRORS } from '../../../contracts/errors.js';
import { LIMITS } from '../../../contracts/rules.js';
import { HttpError } from '../../lib/http-error.js';

export interface DecodedImage {
  bytes: Buffer;
  mime: string;
  extension: string;
}

interface Signature {
  mime: string;
  extension: string;
  matches: (b: Buffer) => boolean;
}

const ascii = (b: Buffer, start: number, text: string) =>
  b.subarray(start, start + text.length).toString('latin1') === text;

// SVG is deliberately absent: it can carry script, and pictures are served from our own origin.
const SIGNATURES: Signature[] = [
  {
    mime: 'image/png',
    extension: 'png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/jpeg', extension: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', extension: 'gif', matches: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  { mime: 'image/webp', extension: 'webp', matches: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  {
    mime: 'image/avif',
    extension: 'avif',
    matches: (b) => ascii(b, 4, 'ftypavif') || ascii(b, 4, 'ftypavis'),
  },
  { mime: 'image/bmp', extension: 'bmp', matches: (b) => ascii(b, 0, 'BM') },
  {
    mime: 'image/x-icon',
    extension: 'ico',
    matches: (b) => b.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0])),
  },
];

const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/vnd.microsoft.icon': 'image/x-icon',
};

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/i;

/** Decodes an image data URL, refusing anything whose bytes are not the image type it claims. */
export function decodeImageDataUrl(dataUrl: string): DecodedImage {
  const match = DATA_URL.exec(dataUrl);
  if (!match?.[1] || match[2] === undefined) throw new HttpError(400, ERRORS.imageType);
  const declared = match[1].toLowerCase();
  const mime = ALIASES[declared] ?? declared;
  const signature = SIGNATURES.find((s) => s.mime === mime);
  if (!signature) throw new HttpError(400, ERRORS.imageType);
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > LIMITS.profilePicBytesMax) throw new HttpError(413, ERRORS.imageTooLarge);
  if (bytes.length === 0 || !signature.matches(bytes)) throw new HttpError(400, ERRORS.imageMismatch);
  return { bytes, mime, extension: signature.extension };
}
