import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { createMetrics } from './lib/metrics.js';
import { rowsCache } from './performance/rows-cache.js';
import { accountSessions, registerAccounts } from './modules/accounts/accounts.module.js';
import type { Recipient } from './modules/accounts/accounts.repository.js';
import { registerActions } from './modules/actions/actions.module.js';
import { registerAi } from './modules/ai/ai.module.js';
import { registerCharioteer } from './modules/charioteer/charioteer.module.js';
import { registerMemory } from './modules/memory/memory.module.js';
import { conversationListCache } from './modules/messages/conversation-list.cache.js';
import { registerMessaging } from './modules/messages/messages.module.js';
import { registerPersonas } from './modules/personas/personas.module.js';
import { registerRooms } from './modules/rooms/rooms.module.js';
import { registerSafety } from './modules/safety/safety.module.js';
import { registerModeration } from './modules/moderation/moderation.module.js';
import { registerMyData } from './modules/my-data/my-data.module.js';
import { registerNotifications } from './modules/notifications/notifications.module.js';
import { moderationRepository } from './modules/moderation/moderation.repository.js';
import { registerSearch } from './modules/search/search.module.js';
import { registerUploads } from './modules/uploads/uploads.module.js';
import { registerDrain } from './plugins/drain.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerOverloadProtection } from './plugins/overload.js';
import { registerProbes } from './plugins/probes.js';
import { registerSecurity } from './plugins/security.js';
import { registerSessions } from './plugins/session.js';
import { serveWeb } from './plugins/static-files.js';
import { guardSocketSends } from './realtime/overload-guard.js';
import { createRealtime } from './realtime/realtime.js';

export interface AppDeps {
  db: Db;
  /** Folder of the built web app; omitted in API-only tests and under Vite's dev server. */
  webRoot?: string;
}

const REQUEST_TIMEOUT_MS = 30_000;

/** Builds the whole HTTP application: plugins first, then each module through its own register function. */
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

  const { db } = deps;
  const cookies = { secure: config.secureCookies };
  // Several processes (REDIS_URL) write the same database, and a cache only hears its own process's writes.
  const singleProcess = !config.redisUrl;
  const sessions = accountSessions(db, config);
  const lists = conversationListCache({ enabled: singleProcess });
  // What a send reads of its recipient, on every message; kept like the session users' rows.
  const recipients = rowsCache<Recipient>({
    changedElsewhere: singleProcess ? db.writesElsewhere : undefined,
  });
  // A person's or persona's row changed: lists show names and pictures, sessions and sends read rows.
  let forgetBlocks = () => {};
  const forgetPeople = () => {
    lists.forgetAll();
    sessions.forgetUsers();
    recipients.forget();
    forgetBlocks();
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
  metrics.readFrom({ openSockets: () => realtime.io.engine.clientsCount, dbPool: db.poolUse });
  registerProbes(app, db.kysely, { redisUp: realtime.redis?.isUp, isDraining: drain.isDraining });
  registerOpenApi(app);
  app.get('/api/config', async () => ({ contactEmail: config.contactEmail }));

  const { limits } = realtime;
  const uploads = await registerUploads(app, { db, config, limits });
  const blocks = await registerSafety(app, { db, realtime, singleProcess });
  forgetBlocks = blocks.forget;
  const accounts = await registerAccounts(app, {
    db,
    config,
    sessions,
    cookies,
    uploads,
    realtime,
    onPersonChanged: forgetPeople,
    blocks,
    liftSuspension: moderationRepository(db.kysely).liftSuspension,
  });
  const { engine, budget } = await registerAi(app, { config, realtime, metrics });
  const memory = await registerMemory(app, { db, accounts, engine, realtime });
  const { onDelivered } = await registerNotifications(app, { db, config, realtime, blocks });
  const messaging = await registerMessaging(app, {
    db,
    accounts,
    realtime,
    config,
    engine,
    budget,
    memory,
    lists,
    recipients,
    messagesSent: metrics.messagesSent,
    blocks,
    onDelivered,
  });
  await registerRooms(app, {
    db,
    config,
    realtime,
    accounts,
    blocks,
    engine,
    budget,
    ...messaging,
    messagesSent: metrics.messagesSent,
    memory,
    onDelivered,
  });
  await registerPersonas(app, {
    db,
    config,
    accounts,
    uploads,
    limits,
    onPersonaChanged: forgetPeople,
    blocks,
  });
  const actions = await registerActions(app, { db, config, limits });
  await registerCharioteer(app, { db, config, engine, budget, accounts, actions, realtime, blocks });
  await registerSearch(app, { db, config, limits });
  await registerModeration(app, { db, realtime, sessions, onPeopleChanged: forgetPeople });
  await registerMyData(app, {
    db,
    realtime,
    sessions,
    cookies,
    accounts,
    uploads,
    onPeopleChanged: forgetPeople,
  });

  return app;
}
