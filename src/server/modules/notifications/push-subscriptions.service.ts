import { createECDH } from 'node:crypto';
import type { z } from 'zod';
import {
  PUSH_LIMITS,
  type PushSubscriptionRequest,
  type RemovePushSubscriptionRequest,
} from '../../../contracts/notifications.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { newId, nowIso } from '../../lib/ids.js';
import { endpointRefusal } from './push-endpoint-guard.js';
import type { DeviceOwners } from './device-owners.js';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository.js';

export const PUSH_ERRORS = {
  badKey: 'keys.p256dh is not a P-256 public key',
} as const;

/** True when the bytes are a point on P-256 (a key the payload can be encrypted for). */
function isP256Point(base64url: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(base64url, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/** A person's devices with notifications on: checked (public https endpoints, real keys), capped, removable. */
export function pushSubscriptionsService(deps: {
  repo: Pick<PushSubscriptionsRepository, 'save' | 'remove'>;
  owners: Pick<DeviceOwners, 'added'>;
  allowLocalEndpoints: boolean;
}) {
  return {
    async subscribe(
      user: Pick<UserRow, 'id'>,
      input: z.output<typeof PushSubscriptionRequest>,
    ): Promise<void> {
      const refusal = endpointRefusal(input.endpoint, deps.allowLocalEndpoints);
      if (refusal) throw new HttpError(400, refusal);
      if (!isP256Point(input.keys.p256dh)) throw new HttpError(400, PUSH_ERRORS.badKey);
      await deps.repo.save(
        {
          id: newId(),
          userId: user.id,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh.replace(/=+$/, ''),
          auth: input.keys.auth.replace(/=+$/, ''),
          createdAt: nowIso(),
        },
        PUSH_LIMITS.devicesPerPerson,
      );
      deps.owners.added(user.id);
    },

    /** Removes the device if it is the person's; removing one that is not there is no error (it is off). */
    async unsubscribe(
      user: Pick<UserRow, 'id'>,
      input: z.output<typeof RemovePushSubscriptionRequest>,
    ): Promise<void> {
      await deps.repo.remove(user.id, input.endpoint);
    },
  };
}

export type PushSubscriptionsService = ReturnType<typeof pushSubscriptionsService>;
