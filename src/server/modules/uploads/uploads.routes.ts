import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../../../contracts/errors.js';
import { HttpError } from '../../lib/http-error.js';
import type { PicturesRepository } from './pictures.repository.js';
import { PICTURE_NAME, UPLOADS_PREFIX } from './uploads.service.js';

/**
 * Serves stored pictures at the URLs they always had. A name is its content's hash, so an answer never
 * changes: cached for a year, revalidated by ETag. Pictures are shown, never run: nosniff and a sandboxing CSP.
 */
export async function uploadsRoutes(
  app: FastifyInstance,
  deps: { pictures: PicturesRepository },
): Promise<void> {
  app.get<{ Params: { name: string } }>(`${UPLOADS_PREFIX}:name`, async (request, reply) => {
    const { name } = request.params;
    if (!PICTURE_NAME.test(name)) throw new HttpError(404, ERRORS.notFound, 'not_found');
    const etag = `"${name.split('.')[0]}"`;
    void reply
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'public, max-age=31536000, immutable');
    if (request.headers['if-none-match'] === etag && (await deps.pictures.exists(name)))
      return reply.code(304).send();
    const picture = await deps.pictures.find(name);
    if (!picture) throw new HttpError(404, ERRORS.notFound, 'not_found');
    return reply.type(picture.contentType).send(picture.bytes);
  });
}
