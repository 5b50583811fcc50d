import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../../contracts/errors.js';
import { HttpError } from '../lib/http-error.js';
import type { Metrics } from '../lib/metrics.js';

/** Who may read /metrics: bearers of METRICS_TOKEN on the app's port, anyone who reaches METRICS_PORT. */
export interface MetricsAccess {
  token: string | undefined;
  port: number | undefined;
  host: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics, off unless the operator opens a way to them: `GET /metrics` with
 * `Authorization: Bearer <METRICS_TOKEN>` on the app's own port, and/or every path of a separate
 * `METRICS_PORT` (for a network only the scraper reaches). Request timing is recorded only then.
 */
export async function registerMetrics(app: FastifyInstance, metrics: Metrics, access: MetricsAccess) {
  const { token, port } = access;
  const exposition = async () => ({
    type: metrics.registry.contentType,
    body: await metrics.registry.metrics(),
  });

  app.get('/metrics', async (request, reply) => {
    if (token === undefined) throw new HttpError(404, ERRORS.notFound, 'not_found');
    if (!bearerMatches(request.headers.authorization, token)) {
      void reply.header('WWW-Authenticate', 'Bearer');
      throw new HttpError(401, 'Metrics need the bearer token the operator set', 'not_signed_in');
    }
    const { type, body } = await exposition();
    return reply.type(type).header('cache-control', 'no-store').send(body);
  });
  if (token === undefined && port === undefined) return;

  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        // The pattern (`/api/messages/:id`), never the URL: ids would make a series per conversation.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  if (port === undefined) return;
  const server = http.createServer((_request, response) => {
    exposition().then(
      ({ type, body }) => response.writeHead(200, { 'content-type': type }).end(body),
      (err: unknown) => {
        app.log.error({ err }, 'metrics could not be collected');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, access.host, () => resolve());
  });
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
}
