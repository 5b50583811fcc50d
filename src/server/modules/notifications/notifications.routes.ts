import type { FastifyInstance } from 'fastify';
import { PushSubscriptionRequest, RemovePushSubscriptionRequest } from '../../../contracts/notifications.js';
import { parseInput } from '../../lib/http-error.js';
import type { Limiter } from '../../lib/limits.js';
import { rateLimited } from '../../plugins/rate-limited.js';
import type { PushSubscriptionsService } from './push-subscriptions.service.js';

/** Web Push's calls under /api/notifications (issue 44). */
export async function notificationsRoutes(
  app: FastifyInstance,
  deps: {
    subscriptions: PushSubscriptionsService;
    publicKey: string;
    /** Per person, over turning devices on and off. */
    changes: Limiter;
  },
): Promise<void> {
  const { subscriptions } = deps;

  app.get('/api/notifications/vapid-public-key', async () => ({ publicKey: deps.publicKey }));

  app.put('/api/notifications/push-subscription', rateLimited(deps.changes), async (request) => {
    await subscriptions.subscribe(request.user, parseInput(PushSubscriptionRequest, request.body));
    return { subscribed: true };
  });

  app.delete('/api/notifications/push-subscription', rateLimited(deps.changes), async (request, reply) => {
    await subscriptions.unsubscribe(request.user, parseInput(RemovePushSubscriptionRequest, request.body));
    return reply.status(204).send();
  });
}
