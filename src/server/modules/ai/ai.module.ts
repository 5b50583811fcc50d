import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { perMinute } from '../../lib/limits.js';
import type { Metrics } from '../../lib/metrics.js';
import { formatOperatorNotice } from '../../lib/operator-notice.js';
import { signedInOnly } from '../../plugins/session.js';
import type { Realtime } from '../../realtime/realtime.js';
import { aiBudget, type AiBudget } from './ai-budget.js';
import { aiRoutes } from './ai.routes.js';
import { aiService } from './ai.service.js';
import { createEngine } from './create-engine.js';
import type { AiEngine } from './engine.js';
import { timedEngine } from './timed-engine.js';
import { webLookupService } from './web-lookup.service.js';

const LOOKUPS_PER_MINUTE = 20;
const LOOKUPS_BURST = 10;

/**
 * The AI engine and the one budget per person that every feature calling the provider spends (both returned
 * for the modules that write replies), and the studio's own calls.
 */
export async function registerAi(
  app: FastifyInstance,
  deps: { config: Config; realtime: Realtime; metrics: Pick<Metrics, 'aiGeneration' | 'aiWaiting'> },
): Promise<{ engine: AiEngine; budget: AiBudget }> {
  const { config, realtime } = deps;
  const engine = timedEngine(
    await createEngine(config.ai, config.dataDir, {
      info: (message) => app.log.info(message),
      warn: (message) => app.log.warn(message),
      actionNeeded: (problem, steps) => {
        app.log.warn({ steps }, problem);
        if (config.logLevel !== 'silent') process.stderr.write(formatOperatorNotice(problem, steps));
      },
    }),
    deps.metrics.aiGeneration,
  );
  app.addHook('onClose', () => engine.close());
  const budget = aiBudget(config.ai, realtime, deps.metrics.aiWaiting);
  const ai = aiService(engine, config.ai, budget);
  await app.register(signedInOnly(aiRoutes), {
    ai,
    web: webLookupService(ai, config.wikiApiUrl, config.contactEmail),
    lookups: realtime.limits.limiter('web-lookup', perMinute(LOOKUPS_PER_MINUTE, LOOKUPS_BURST)),
  });
  return { engine, budget };
}
