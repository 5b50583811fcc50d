import { NO_CONTENT, forSignedIn, json } from './http-call.js';
import {
  PushSubscriptionRequest,
  PushSubscriptionResponse,
  RemovePushSubscriptionRequest,
  VapidKeyResponse,
} from './notifications.js';

/** Web Push's calls (issue 44), part of the one table (http-api.ts). */
export const NOTIFICATION_CALLS = {
  'GET /api/notifications/vapid-public-key': forSignedIn(
    'The server’s VAPID public key, for the browser’s push subscription',
    { answers: { 200: json('The key', VapidKeyResponse) } },
  ),
  'PUT /api/notifications/push-subscription': forSignedIn(
    'Turn notifications on for this device (its push subscription; sent again, it stays one device)',
    { body: PushSubscriptionRequest, answers: { 200: json('On', PushSubscriptionResponse) } },
  ),
  'DELETE /api/notifications/push-subscription': forSignedIn('Turn notifications off for this device', {
    body: RemovePushSubscriptionRequest,
    answers: { 204: NO_CONTENT },
  }),
} as const;
