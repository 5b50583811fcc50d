import type { FastifyInstance } from 'fastify';
import { ARCHIVE_PATH, DeleteAccountRequest } from '../../../contracts/my-data.js';
import { parseInput } from '../../lib/http-error.js';
import type { Limiter } from '../../lib/limits.js';
import { rateLimited } from '../../plugins/rate-limited.js';
import { clearSessionCookie, type CookiePolicy } from '../../plugins/session.js';
import type { AccountDeletionService } from './account-deletion.service.js';
import type { ArchiveService } from './archive.service.js';

/** A person's own data: download it all, or delete the account. */
export async function myDataRoutes(
  app: FastifyInstance,
  deps: {
    archive: ArchiveService;
    deletion: AccountDeletionService;
    cookies: CookiePolicy;
    /** Per person: archives are heavy to write. */
    archives: Limiter;
    /** Per person: each attempt checks a password. */
    deletions: Limiter;
  },
): Promise<void> {
  app.get(ARCHIVE_PATH, rateLimited(deps.archives), async (request, reply) => {
    const { fileName, stream } = await deps.archive.start(request.user);
    stream.once('error', (err: unknown) => request.log.error({ err }, 'data archive failed'));
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  app.delete('/api/users/me', rateLimited(deps.deletions), async (request, reply) => {
    const { password } = parseInput(DeleteAccountRequest, request.body);
    await deps.deletion.deleteAccount(request.user, password);
    request.log.info({ userId: request.user.id }, 'account deleted');
    clearSessionCookie(reply, deps.cookies);
    return { message: 'Your account was deleted.' };
  });
}
