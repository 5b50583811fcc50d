import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { GetAiRequest, WebLookupRequest, type AiStatusResponse } from '../../../contracts/ai.js';
import { parseInput } from '../../lib/http-error.js';
import type { Limiter } from '../../lib/limits.js';
import { rateLimited } from '../../plugins/rate-limited.js';
import type { AiService } from './ai.service.js';
import { TOO_MANY_LOOKUPS, type WebLookupService } from './web-lookup.service.js';

/** Aborts when the client goes away before the answer is complete. */
function abortOnDisconnect(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller;
}

/** SPEC §7 POST /api/ai/getAI, its streaming twin, and the status the web shows. */
export async function aiRoutes(
  app: FastifyInstance,
  deps: {
    ai: AiService;
    web: WebLookupService;
    /** Web lookups per person. */
    lookups: Limiter;
  },
): Promise<void> {
  const { ai, web } = deps;

  // People see whether AI answers and how far a download is; why it fails and how to fix it stays in the log.
  app.get('/api/ai/status', async (): Promise<AiStatusResponse> => {
    const { state, progress } = ai.engine.status();
    return progress === undefined ? { state } : { state, progress };
  });

  app.post('/api/ai/getAI', async (request, reply) => {
    const user = request.user;
    const { message } = parseInput(GetAiRequest, request.body);
    const controller = abortOnDisconnect(reply);
    const text = await ai.answer({
      userId: user.id,
      messages: [{ role: 'user', content: message }],
      signal: controller.signal,
    });
    return reply.type('text/plain; charset=utf-8').send(text);
  });

  app.post(
    '/api/ai/web',
    rateLimited(deps.lookups, { message: TOO_MANY_LOOKUPS }),
    async (request, reply) => {
      const user = request.user;
      const { phrase } = parseInput(WebLookupRequest, request.body);
      return web.lookUp(user.id, phrase, abortOnDisconnect(reply).signal);
    },
  );

  app.post('/api/ai/getAI/stream', async (request, reply) => {
    const user = request.user;
    const { message } = parseInput(GetAiRequest, request.body);
    const controller = abortOnDisconnect(reply);
    const chunks = ai.streamAnswer({
      userId: user.id,
      messages: [{ role: 'user', content: message }],
      signal: controller.signal,
    });
    // Wait for the first chunk so a refusal (busy, unavailable, failed) still gets a status and a JSON error.
    const first = await chunks.next();
    async function* rest() {
      try {
        if (!first.done) yield first.value;
        yield* chunks;
      } finally {
        controller.abort();
      }
    }
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(Readable.from(rest()));
  });
}
