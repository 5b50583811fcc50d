import type { FastifyError, FastifyInstance } from 'fastify';
import { ERRORS, type ErrorResponse } from '../../contracts/errors.js';
import { codeForStatus, HttpError, retryAfterSeconds, userFacingError } from '../lib/http-error.js';
import { wantsSpa, type SpaPage } from './static-files.js';

/** Maps Fastify's own client errors to the messages users see and their codes. */
function clientError(error: FastifyError, status: number): ErrorResponse {
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { error: ERRORS.bodyTooLarge, code: 'too_large' };
  }
  if (status === 429) return { error: ERRORS.tooManyRequests, code: 'rate_limited' };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { error: 'Send the request body as JSON', code: 'unsupported_media_type' };
  }
  if (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP_')) {
    return { error: ERRORS.invalidJson, code: 'invalid_json' };
  }
  return { error: error.message, code: codeForStatus(status) };
}

/**
 * Every error leaves as { error, code } with a fitting status; 5xx never leak internals.
 * Unknown non-API paths get the web app, which routes them itself.
 */
export function registerErrorHandling(app: FastifyInstance, opts: { spa: SpaPage | null }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterMs !== undefined)
        void reply.header('Retry-After', String(retryAfterSeconds(error.retryAfterMs)));
      return reply.status(error.statusCode).send(error.toResponse());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(clientError(error, status));
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(userFacingError(error));
  });

  app.setNotFoundHandler((request, reply) => {
    if (opts.spa && wantsSpa(request.method, request.url)) {
      return reply.header('Cache-Control', 'no-cache').sendFile(opts.spa(request));
    }
    return reply.status(404).send({ error: ERRORS.notFound, code: 'not_found' } satisfies ErrorResponse);
  });
}
