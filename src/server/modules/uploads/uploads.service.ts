import { createHash } from 'node:crypto';
import { ERRORS } from '../../../contracts/errors.js';
import { HttpError } from '../../lib/http-error.js';
import { nowIso } from '../../lib/ids.js';
import { decodeImageDataUrl } from './image-data-url.js';
import type { PicturesRepository } from './pictures.repository.js';

export const UPLOADS_PREFIX = '/uploads/';

/**
 * Picture bytes one person may upload in a day. Each account keeps one picture (a replaced one is deleted),
 * so what is stored stays small; this bounds the churn of writing new ones.
 */
export const PICTURE_BYTES_PER_DAY = 20 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `<sha256>.<ext>`: the name of a stored picture, as its URL ends. */
export const PICTURE_NAME = /^[a-f0-9]{64}\.[a-z]+$/;

/** Stores pictures in the database under content-hashed names, so equal pictures are stored once. */
export function uploadsService(pictures: PicturesRepository, bytesPerDay = PICTURE_BYTES_PER_DAY) {
  const uploaded = new Map<string, { since: number; bytes: number }>();

  /** Counts `bytes` against the person's day, or refuses with 413 when they would pass it. */
  function spend(userId: string, bytes: number, now = Date.now()): void {
    for (const [key, day] of uploaded) if (now - day.since > DAY_MS) uploaded.delete(key);
    const day = uploaded.get(userId) ?? { since: now, bytes: 0 };
    if (day.bytes + bytes > bytesPerDay) throw new HttpError(413, ERRORS.pictureQuota, 'quota_exceeded');
    day.bytes += bytes;
    uploaded.set(userId, day);
  }

  const nameOf = (url: string) => url.slice(UPLOADS_PREFIX.length);
  const isOwnUrl = (url: string) => url.startsWith(UPLOADS_PREFIX) && PICTURE_NAME.test(nameOf(url));

  return {
    /** Saves an image data URL for `userId` and returns the URL it is served under. */
    async saveImage(userId: string, dataUrl: string): Promise<string> {
      const image = decodeImageDataUrl(dataUrl);
      spend(userId, image.bytes.length);
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
