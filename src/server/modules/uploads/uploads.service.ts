import { createHash } from 'node:crypto';
import type { DailyAllowance } from '../../lib/daily-allowance.js';
import { nowIso } from '../../lib/ids.js';
import { decodeImageDataUrl } from './image-data-url.js';
import type { PicturesRepository } from './pictures.repository.js';

export const UPLOADS_PREFIX = '/uploads/';

/** `<sha256>.<ext>`: the name of a stored picture, as its URL ends. */
export const PICTURE_NAME = /^[a-f0-9]{64}\.[a-z]+$/;

/**
 * Stores pictures in the database under content-hashed names, so equal pictures are stored once. Each account
 * keeps one picture (a replaced one is deleted), so what is stored stays small; the daily allowance (pictures
 * and their bytes) bounds the churn of writing new ones.
 */
export function uploadsService(pictures: PicturesRepository, allowance: DailyAllowance) {
  const nameOf = (url: string) => url.slice(UPLOADS_PREFIX.length);
  const isOwnUrl = (url: string) => url.startsWith(UPLOADS_PREFIX) && PICTURE_NAME.test(nameOf(url));

  return {
    /** Saves an image data URL for `userId` and returns the URL it is served under. */
    async saveImage(userId: string, dataUrl: string): Promise<string> {
      const image = decodeImageDataUrl(dataUrl);
      await allowance.spend(userId, { items: 1, bytes: image.bytes.length });
      const name = `${createHash('sha256').update(image.bytes).digest('hex')}.${image.extension}`;
      await pictures.save({ name, contentType: image.mime, bytes: image.bytes, createdAt: nowIso() });
      return `${UPLOADS_PREFIX}${name}`;
    },
    /** Whether a URL is one of ours (so a client may send it back unchanged). */
    isOwnUrl,
    /** The bytes of one of our pictures, or null for any other URL or a picture that is gone. */
    async read(url: string): Promise<Buffer | null> {
      if (!isOwnUrl(url)) return null;
      return (await pictures.find(nameOf(url)))?.bytes ?? null;
    },
    /** Deletes one of our pictures (call it once no account uses it); other URLs are left alone. */
    async remove(url: string): Promise<void> {
      if (isOwnUrl(url)) await pictures.remove(nameOf(url));
    },
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;
