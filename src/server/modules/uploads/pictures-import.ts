import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { PICTURE_TYPES } from '../../../contracts/pictures.js';
import { nowIso } from '../../lib/ids.js';
import type { PicturesRepository } from './pictures.repository.js';
import { PICTURE_NAME } from './uploads.service.js';

/**
 * Copies pictures an earlier version kept under DATA_DIR/uploads into the database, then deletes each file
 * once it is stored: safe to run at every start and from several processes at once (a picture stored twice
 * is one row). A file whose bytes do not match its name, or whose type is not a picture, is left alone and
 * logged. Returns how many pictures were copied in.
 */
export async function importPictureFiles(
  dir: string,
  pictures: PicturesRepository,
  log: FastifyBaseLogger,
): Promise<number> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let imported = 0;
  for (const name of names.filter((n) => PICTURE_NAME.test(n))) {
    const file = path.join(dir, name);
    const bytes = await fs.readFile(file);
    const [hash, extension] = name.split('.');
    const type = PICTURE_TYPES.find((t) => t.extension === extension && t.matches(bytes));
    if (!type || createHash('sha256').update(bytes).digest('hex') !== hash) {
      log.warn({ file }, 'uploads: a file that is not the picture its name says was left where it is');
      continue;
    }
    await pictures.save({ name, contentType: type.mime, bytes, createdAt: nowIso() });
    await fs.rm(file, { force: true });
    imported += 1;
  }
  if (imported > 0) log.info({ imported, dir }, 'uploads: pictures copied from files into the database');
  return imported;
}
