import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../../../contracts/errors.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { dailyAllowance } from '../../lib/daily-allowance.js';
import type { Limits } from '../../lib/limits.js';
import { picturesRepository } from './pictures.repository.js';
import { importPictureFiles } from './pictures-import.js';
import { uploadsRoutes } from './uploads.routes.js';
import { uploadsService, type UploadsService } from './uploads.service.js';

/** Pictures: served at /uploads/<name>, stored by the service people and personas save them through. */
export async function registerUploads(
  app: FastifyInstance,
  deps: { db: Db; config: Config; limits: Limits },
): Promise<UploadsService> {
  const pictures = picturesRepository(deps.db.kysely);
  await app.register(uploadsRoutes, { pictures });
  await importPictureFiles(path.join(deps.config.dataDir, 'uploads'), pictures, app.log);
  return uploadsService(
    pictures,
    dailyAllowance(deps.limits, 'pictures', deps.config.allowances.pictures, ERRORS.pictureQuota),
  );
}
