import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { perMinute } from '../../lib/limits.js';
import { signedInOnly } from '../../plugins/session.js';
import type { Realtime } from '../../realtime/realtime.js';
import type { OnDelivered } from '../messages/message-delivered.js';
import type { BlocksService } from '../safety/blocks.service.js';
import { deviceOwners } from './device-owners.js';
import { notificationsRoutes } from './notifications.routes.js';
import { notifierService } from './notifier.service.js';
import { postPush, vapidAuthorization } from './push-delivery.js';
import { pushQueue } from './push-queue.js';
import { pushSubscriptionsRepository } from './push-subscriptions.repository.js';
import { pushSubscriptionsService } from './push-subscriptions.service.js';
import { anyTabVisible, registerVisibilitySockets } from './visibility.socket.js';
import { vapidKeys } from './vapid-keys.js';

/** Devices a person may turn on or off per minute: plenty by hand. */
const CHANGES_PER_MINUTE = 60;
const CHANGES_BURST = 20;
/** How long one push service may take to answer one notification. */
export const PUSH_TIMEOUT_MS = 10_000;

/**
 * Web Push (issue 44): devices people turned notifications on for, and the notifier that tells them of messages
 * while none of their tabs is on screen. Messages and rooms report each delivered message through `onDelivered`.
 */
export async function registerNotifications(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    realtime: Realtime;
    blocks: BlocksService;
  },
): Promise<{ onDelivered: OnDelivered }> {
  const { config, realtime } = deps;
  const keys = await vapidKeys(config.push.vapidKeys, config.dataDir);
  const repo = pushSubscriptionsRepository(deps.db.kysely);
  const authorization = vapidAuthorization({ ...keys, subject: config.push.subject });
  const queue = pushQueue({
    post: (job, closing) =>
      postPush(job.target, job.payload, authorization, {
        timeoutMs: PUSH_TIMEOUT_MS,
        allowLocalEndpoints: config.push.allowLocalEndpoints,
        closing,
      }),
    repo,
    log: app.log,
  });
  app.addHook('onClose', async () => queue.close());
  const owners = deviceOwners({
    repo,
    changedElsewhere: config.redisUrl ? undefined : deps.db.writesElsewhere,
  });
  const notifier = notifierService({
    repo,
    owners,
    blocks: deps.blocks,
    anyTabVisible: (userId) => anyTabVisible(realtime, userId),
    send: queue.send,
    log: app.log,
  });
  registerVisibilitySockets(realtime);
  const subscriptions = pushSubscriptionsService({
    repo,
    owners,
    allowLocalEndpoints: config.push.allowLocalEndpoints,
  });
  await app.register(signedInOnly(notificationsRoutes), {
    subscriptions,
    publicKey: keys.publicKey,
    changes: realtime.limits.limiter('push-changes', perMinute(CHANGES_PER_MINUTE, CHANGES_BURST)),
  });
  return { onDelivered: notifier.delivered };
}
