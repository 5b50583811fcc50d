import type { FastifyBaseLogger } from 'fastify';
import { APP_ICON, PUSH_LIMITS, type PushPayload } from '../../../contracts/notifications.js';
import type { UserRow } from '../../db/schema.js';
import type { DeliveredMessage } from '../messages/message-delivered.js';
import type { BlocksService } from '../safety/blocks.service.js';
import type { PushJob } from './push-queue.js';
import type { DeviceOwners } from './device-owners.js';
import type { PushSubscriptionsRepository, SenderCard } from './push-subscriptions.repository.js';
import { throttledWarning } from './throttled-warning.js';

/** Messages being decided on at once past which new ones are not notified (a log line says so). */
const MAX_DECIDING = 1_000;

/** The start of the text, cut at a character (not inside a surrogate pair), with an ellipsis when cut. */
function startOf(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= PUSH_LIMITS.bodyChars
    ? chars.join('')
    : `${chars.slice(0, PUSH_LIMITS.bodyChars).join('')}…`;
}

/** What the notification shows: who wrote, the start of it, and where a click leads. */
export function payloadFor(
  sender: Pick<UserRow, 'name' | 'username' | 'profilePic'>,
  message: Pick<DeliveredMessage, 'conversationId' | 'room' | 'text'>,
): PushPayload {
  const title = Array.from(sender.name.trim() || `@${sender.username}`)
    .slice(0, PUSH_LIMITS.titleMax)
    .join('');
  const picture = sender.profilePic;
  const ownPicture =
    picture.startsWith('/') && !picture.startsWith('//') && picture.length <= PUSH_LIMITS.urlMax;
  return {
    title,
    body: startOf(message.text),
    icon: ownPicture ? picture : APP_ICON,
    url: message.room ? `/chat/room/${message.conversationId}` : `/chat/:${sender.username}`,
    tag: message.conversationId,
  };
}

/**
 * Decides who hears of a delivered message on their devices: the people it is for (and those @named in a room),
 * never its sender, only those with a device on who did not mute the conversation (one read), blocked nobody involved, and
 * have no tab on screen in any process. Runs after delivery and on its own: a message never waits for it.
 */
export function notifierService(deps: {
  repo: Pick<PushSubscriptionsRepository, 'unmutedDevicesOf' | 'membersNamed'>;
  owners: Pick<DeviceOwners, 'among'>;
  blocks: Pick<BlocksService, 'eitherBlocked' | 'setsOf'>;
  /** Whether any tab of the person, in any process, is on screen. */
  anyTabVisible: (userId: string) => Promise<boolean>;
  send: (job: PushJob) => void;
  log: FastifyBaseLogger;
}) {
  const { repo, log } = deps;
  let deciding = 0;
  const overwhelmed = throttledWarning(
    log,
    'push: too many messages being decided on; some are not notified',
  );

  async function mayTell(userId: string, sender: SenderCard): Promise<boolean> {
    // Only people block each other; a persona is hidden from whoever blocked its creator, so it is here too.
    const blocked =
      sender.isAi === 1
        ? (await deps.blocks.setsOf(userId)).blockedUsernames.has(sender.createdByUsername)
        : await deps.blocks.eitherBlocked(userId, sender.id);
    if (blocked) return false;
    return !(await deps.anyTabVisible(userId).catch((err: unknown) => {
      // Unknown: a notification over an open tab is a smaller harm than a message missed.
      log.warn({ err }, 'push: tab visibility unknown');
      return false;
    }));
  }

  async function decide(message: DeliveredMessage): Promise<void> {
    const named = message.mentions?.length
      ? await repo.membersNamed(message.conversationId, message.mentions)
      : [];
    const people = [...new Set([...message.to, ...named])].filter((id) => id !== message.senderId);
    // Most people have no device: in a lone process that is known without a read.
    const owners = await deps.owners.among(people);
    if (owners.length === 0) return;
    const { devices, sender } = await repo.unmutedDevicesOf(owners, message);
    if (!sender) return;
    const payload = payloadFor(sender, message);
    for (const userId of new Set(devices.map((device) => device.userId))) {
      if (!(await mayTell(userId, sender))) continue;
      for (const target of devices) if (target.userId === userId) deps.send({ target, payload });
    }
  }

  return {
    /** A message was delivered: decide (later, on its own) whom to notify. */
    delivered(message: DeliveredMessage): void {
      if (deciding >= MAX_DECIDING) {
        overwhelmed();
        return;
      }
      deciding += 1;
      decide(message)
        .catch((err: unknown) => log.warn({ err }, 'push: deciding whom to notify failed'))
        .finally(() => {
          deciding -= 1;
        });
    },
  };
}
