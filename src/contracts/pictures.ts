import { ERRORS } from './errors.js';
import { LIMITS } from './rules.js';

/** A picture type we store, known by its declared MIME type and by the first bytes of the file. */
export interface PictureType {
  mime: string;
  extension: string;
  matches: (bytes: Uint8Array) => boolean;
}

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]) =>
  expected.every((byte, index) => bytes[at + index] === byte);
const ascii = (bytes: Uint8Array, at: number, text: string) =>
  startsWith(
    bytes,
    at,
    Array.from(text, (c) => c.charCodeAt(0)),
  );

// SVG is deliberately absent: it can carry script, and pictures are served from our own origin.
export const PICTURE_TYPES: readonly PictureType[] = [
  {
    mime: 'image/png',
    extension: 'png',
    matches: (b) => startsWith(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { mime: 'image/jpeg', extension: 'jpg', matches: (b) => startsWith(b, 0, [0xff, 0xd8, 0xff]) },
  { mime: 'image/gif', extension: 'gif', matches: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  { mime: 'image/webp', extension: 'webp', matches: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  {
    mime: 'image/avif',
    extension: 'avif',
    matches: (b) => ascii(b, 4, 'ftypavif') || ascii(b, 4, 'ftypavis'),
  },
  { mime: 'image/bmp', extension: 'bmp', matches: (b) => ascii(b, 0, 'BM') },
  { mime: 'image/x-icon', extension: 'ico', matches: (b) => startsWith(b, 0, [0, 0, 1, 0]) },
];

/** Other names browsers and tools give the same types. */
const ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/vnd.microsoft.icon': 'image/x-icon',
};

/** For a file input's accept attribute: exactly the types the server stores. */
export const PICTURE_ACCEPT = PICTURE_TYPES.map((t) => t.mime).join(',');

/** Bytes of a picture's head that decide its type (the longest check reads 12). */
export const PICTURE_HEAD_BYTES = 16;

export type PictureCheck =
  | { ok: true; type: PictureType }
  | { ok: false; problem: 'type' | 'too_large' | 'mismatch'; message: string };

/**
 * The one rule for profile pictures, run by the server on every upload and by the browser before a preview:
 * a declared type we store, at most LIMITS.profilePicBytesMax bytes, and bytes that really are that type.
 * `head` needs only the first PICTURE_HEAD_BYTES bytes; `size` is the whole file's.
 */
export function checkPicture(declaredMime: string, size: number, head: Uint8Array): PictureCheck {
  const declared = declaredMime.trim().toLowerCase();
  const mime = ALIASES[declared] ?? declared;
  const type = PICTURE_TYPES.find((t) => t.mime === mime);
  if (!type) return { ok: false, problem: 'type', message: ERRORS.imageType };
  if (size > LIMITS.profilePicBytesMax)
    return { ok: false, problem: 'too_large', message: ERRORS.imageTooLarge };
  if (size === 0 || !type.matches(head))
    return { ok: false, problem: 'mismatch', message: ERRORS.imageMismatch };
  return { ok: true, type };
}
