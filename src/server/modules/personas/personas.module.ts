import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { perMinute, type Limits } from '../../lib/limits.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { BlocksService } from '../safety/blocks.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { cardsRoutes } from './cards.routes.js';
import { personasRepository } from './personas.repository.js';
import { personasRoutes } from './personas.routes.js';
import { personasService } from './personas.service.js';
import { signedInOnly } from '../../plugins/session.js';

const DIRECTORY_BURST = 60;

/** AI personas: creation, the creator's edits, the directory and character cards. */
export async function registerPersonas(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    accounts: AccountsRepository;
    uploads: UploadsService;
    /** A persona's row changed: whatever keeps names, pictures or rows of people forgets them. */
    onPersonaChanged: () => void;
    limits: Limits;
    blocks: BlocksService;
  },
): Promise<void> {
  const personas = personasService(
    personasRepository(deps.db),
    deps.accounts,
    deps.uploads,
    deps.onPersonaChanged,
    deps.blocks,
  );
  const rate = deps.config.directoryRateLimitPerMinute;
  const directoryLimiter = deps.limits.limiter('directory', perMinute(rate, Math.min(rate, DIRECTORY_BURST)));
  await app.register(signedInOnly(personasRoutes), { personas, directoryLimiter });
  await app.register(signedInOnly(cardsRoutes), { accounts: deps.accounts, uploads: deps.uploads });
}
