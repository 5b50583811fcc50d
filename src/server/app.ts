import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { accountsRepository } from './modules/accounts/accounts.repository.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { accountsService } from './modules/accounts/accounts.service.js';
import { sessionsRepository } from './modules/accounts/sessions.repository.js';
import { sessionsService } from './modules/accounts/sessions.service.js';
import { actionsRepository } from './modules/actions/actions.repository.js';
import { actionsRoutes } from './modules/actions/actions.routes.js';
import { actionsService } from './modules/actions/actions.service.js';
import { aiRoutes } from './modules/ai/ai.routes.js';
import { registerCharioteer } from './modules/charioteer/charioteer.module.js';
import { aiService } from './modules/ai/ai.service.js';
import { aiBudget } from './modules/ai/ai-budget.js';
import { createEngine } from './modules/ai/create-engine.js';
import { formatOperatorNotice } from './lib/operator-notice.js';
import { webLookupService } from './modules/ai/web-lookup.service.js';
import { conversationListCache } from './modules/messages/conversation-list.cache.js';
import { rowsCache } from './lib/rows-cache.js';
import type { Recipient } from './modules/accounts/accounts.repository.js';
import { registerMessaging } from './modules/messages/messages.module.js';
import { registerPersonas } from './modules/personas/personas.module.js';
import { registerSearch } from './modules/search/search.module.js';
import { uploadsService } from './modules/uploads/uploads.service.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerOverloadProtection } from './plugins/overload.js';
import { registerSecurity } from './plugins/security.js';
import { registerSessions, signedInOnly } from './plugins/session.js';
import { registerDrain } from './plugins/drain.js';
import { registerProbes } from './plugins/probes.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerMetrics } from './plugins/metrics.js';
import { createMetrics } from './lib/metrics.js';
import { timedEngine } from './modules/ai/timed-engine.js';
import { serveWeb } from './plugins/static-files.js';
import { picturesRepository } from './modules/uploads/pictures.repository.js';
import { importPictureFiles } from './modules/uploads/pictures-import.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { guardSocketSends } from './realtime/overload-guard.js';
import { createRealtime } from './realtime/realtime.js';
import { perMinute } from './lib/limits.js';
import { dailyAllowance, type DailyRule } from './lib/daily-allowance.js';
import { ERRORS } from '../contracts/errors.js';

export interface AppDeps {
  db: Db;
  /** Folder of the built web app; omitted in API-only tests and under Vite's dev server. */
  webRoot?: string;
}

const SESSION_SWEEP_MS = 60 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 30_000;

/** Builds the whole HTTP application: plugins first, then each module, explicitly. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1024 * 1024,
    // A request (headers and body) must arrive within this; a client trickling one in holds a connection, no more.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // A hop count as proxy-addr reads one: the nearest `n` addresses are proxies (Fastify's types lack numbers).
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // One line per request is noise at info level; debug and trace keep it.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });

  // The API speaks JSON only; anything else is refused with 415 rather than parsed as a string.
  app.removeContentTypeParser('text/plain');

  const cookies = { secure: config.secureCookies };
  // Several processes (REDIS_URL) write the same database, and a cache only hears its own process's writes.
  const singleProcess = !config.redisUrl;
  const sessions = sessionsService(
    sessionsRepository(deps.db.kysely),
    { ttlSeconds: config.sessionTtlSeconds, maxAgeSeconds: config.sessionMaxAgeSeconds },
    { usersChangedElsewhere: singleProcess ? deps.db.writesElsewhere : undefined },
  );
  const pictures = picturesRepository(deps.db.kysely);
  const accountsRepo = accountsRepository(deps.db.kysely);
  const lists = conversationListCache({ enabled: singleProcess });
  // What a send reads of its recipient, on every message; kept like the session users' rows.
  const recipients = rowsCache<Recipient>({
    changedElsewhere: singleProcess ? deps.db.writesElsewhere : undefined,
  });
  // A person's or persona's row changed: lists show names and pictures, sessions and sends read rows.
  const forgetPeople = () => {
    lists.forgetAll();
    sessions.forgetUsers();
    recipients.forget();
  };

  const securityHeaders = await registerSecurity(app, {
    secure: config.secureCookies,
    allowedOrigins: config.allowedOrigins,
  });
  const overload = await registerOverloadProtection(app, config.overload, securityHeaders);
  const drain = registerDrain(app, config.shutdownGraceMs);
  await app.register(cookie);
  const spa = await serveWeb(app, deps.webRoot);
  registerErrorHandling(app, { spa });
  await app.register(uploadsRoutes, { pictures });
  await importPictureFiles(path.join(config.dataDir, 'uploads'), pictures, app.log);
  const metrics = createMetrics();
  await registerMetrics(app, metrics, { ...config.metrics, host: config.host });
  registerSessions(app, sessions, cookies);
  const realtime = await createRealtime(
    app,
    { redisUrl: config.redisUrl, allowedOrigins: config.allowedOrigins },
    sessions,
    config.socketEventsPerSecond,
  );
  guardSocketSends(realtime.io, overload);
  const allowance = (name: string, rule: DailyRule, refusal: string) =>
    dailyAllowance(realtime.limits, name, rule, refusal);
  const uploads = uploadsService(
    pictures,
    allowance('pictures', config.allowances.pictures, ERRORS.pictureQuota),
  );
  const accounts = accountsService(accountsRepo, uploads, forgetPeople);
  metrics.readFrom({ openSockets: () => realtime.io.engine.clientsCount, dbPool: deps.db.poolUse });

  registerProbes(app, deps.db.kysely, { redisUp: realtime.redis?.isUp, isDraining: drain.isDraining });
  registerOpenApi(app);
  app.get('/api/config', async () => ({ contactEmail: config.contactEmail }));
  await app.register(accountsRoutes, {
    accounts,
    sessions,
    cookies,
    realtime: realtime.emitter,
    signIns: realtime.limits.limiter(
      'sign-in',
      perMinute(config.authRateLimitPerMinute, config.authRateLimitPerMinute),
    ),
  });
  const engine = timedEngine(
    await createEngine(config.ai, config.dataDir, {
      info: (message) => app.log.info(message),
      warn: (message) => app.log.warn(message),
      actionNeeded: (problem, steps) => {
        app.log.warn({ steps }, problem);
        if (config.logLevel !== 'silent') process.stderr.write(formatOperatorNotice(problem, steps));
      },
    }),
    metrics.aiGeneration,
  );
  app.addHook('onClose', () => engine.close());
  // One budget per person for every feature that calls the provider.
  const budget = aiBudget(config.ai, realtime, metrics.aiWaiting);
  const ai = aiService(engine, config.ai, budget);
  await app.register(signedInOnly(aiRoutes), {
    ai,
    web: webLookupService(ai, realtime.limits, config.wikiApiUrl, config.contactEmail),
  });
  await registerMessaging(app, {
    db: deps.db,
    accounts: accountsRepo,
    realtime,
    config,
    engine,
    budget,
    lists,
    recipients,
    messagesSent: metrics.messagesSent,
  });
  await registerPersonas(app, {
    db: deps.db,
    accounts: accountsRepo,
    uploads,
    onPersonaChanged: forgetPeople,
    limits: realtime.limits,
    directoryRateLimitPerMinute: config.directoryRateLimitPerMinute,
  });
  const actions = actionsService(
    actionsRepository(deps.db.kysely),
    allowance('saved-items', config.allowances.savedItems, ERRORS.savedItemsQuota),
  );
  await app.register(signedInOnly(actionsRoutes), { actions });
  await registerCharioteer(app, {
    db: deps.db,
    config,
    engine,
    budget,
    accounts: accountsRepo,
    actions,
    realtime,
  });
  await registerSearch(app, {
    db: deps.db,
    limits: realtime.limits,
    searchesPerMinute: config.searchRateLimitPerMinute,
  });

  const sweep = setInterval(() => {
    sessions.sweepExpired().catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
  }, SESSION_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  return app;
}
