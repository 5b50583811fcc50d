import type { FastifyError, FastifyInstance } from 'fastify';
import { ERRORS } from '../../contracts/errors.js';
import { HttpError } from '../lib/http-error.js';
import { wantsSpa } from './static-files.js';

/** Maps Fastify's own client errors to the messages users see. */
function clientMessage(error: FastifyError): string {
  if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return ERRORS.bodyTooLarge;
  if (error.statusCode === 429) return ERRORS.tooManyRequests;
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Send the request body as JSON';
  if (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP_')) return ERRORS.invalidJson;
  return error.message;
}

/**
 * Every error leaves as { error } with a fitting status; 5xx never leak internals.
 * Unknown non-API paths get the web app, which routes them itself.
 */
export function registerErrorHandling(app: FastifyInstance, opts: { spa: boolean }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ error: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ error: clientMessage(error) });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: ERRORS.internal });
  });

  app.setNotFoundHandler((request, reply) => {
    if (opts.spa && wantsSpa(request.method, request.url)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: ERRORS.notFound });
  });
}
