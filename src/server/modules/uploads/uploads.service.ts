import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { decodeImageDataUrl } from './image-data-url.js';

export const UPLOADS_PREFIX = '/uploads/';

/** Stores pictures under DATA_DIR/uploads with content-hashed names, so equal files are stored once. */
export function uploadsService(uploadsDir: string) {
  return {
    dir: uploadsDir,
    /** Saves an image data URL and returns the URL it is served under. */
    async saveImage(dataUrl: string): Promise<string> {
      const image = decodeImageDataUrl(dataUrl);
      const name = `${createHash('sha256').update(image.bytes).digest('hex')}.${image.extension}`;
      await fs.mkdir(uploadsDir, { recursive: true });
      const target = path.join(uploadsDir, name);
      const temp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temp, image.bytes);
      await fs.rename(temp, target);
      return `${UPLOADS_PREFIX}${name}`;
    },
    /** Whether a URL is one of ours (so a client may send it back unchanged). */
    isOwnUrl(url: string): boolean {
      return (
        url.startsWith(UPLOADS_PREFIX) && /^[a-f0-9]{64}\.[a-z]+$/.test(url.slice(UPLOADS_PREFIX.length))
      );
    },
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;
