import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { perMinute, type Limiter } from '../../lib/limits.js';
import type { Realtime } from '../../realtime/realtime.js';
import type { AccountsRepository, Recipient } from '../accounts/accounts.repository.js';
import type { RowsCache } from '../../performance/rows-cache.js';
import { groupCommit, type GroupCommit } from '../../performance/group-commit.js';
import type { ConversationListCache } from './conversation-list.cache.js';
import { messagesRepository } from './messages.repository.js';
import { messageChangesRepository } from './message-changes.repository.js';
import { messageChangesRoutes } from './message-changes.routes.js';
import { messageChangesService } from './message-changes.service.js';
import { messagesRoutes } from './messages.routes.js';
import { messagesService, type MessagesService } from './messages.service.js';
import { registerMessageSockets } from './messages.socket.js';
import { personaRepliesService } from './persona-replies.service.js';
import { presenceService, type PresenceService } from './presence.service.js';
import type { AiBudget } from '../ai/ai-budget.js';
import type { AiEngine } from '../ai/engine.js';
import { signedInOnly } from '../../plugins/session.js';
import type { MemoryService } from '../memory/memory.service.js';
import type { BlocksService } from '../safety/blocks.service.js';
import type { OnDelivered } from './message-delivered.js';

const SEND_BURST = 20;
/** Mute switches a person may flip: plenty by hand, not a write per event. */
const MUTES_PER_MINUTE = 60;
const MUTES_BURST = 20;
/**
 * Reactions a person may put on or take back: quick clicking through a conversation stays under it, a script
 * toggling one emoji on and off to flood everyone's tabs does not.
 */
const REACTIONS_PER_MINUTE = 60;
const REACTIONS_BURST = 20;

/** Direct messaging: HTTP calls, socket events and presence, over one service. */
export async function registerMessaging(
  app: FastifyInstance,
  deps: {
    db: Db;
    accounts: AccountsRepository;
    realtime: Realtime;
    config: Config;
    engine: AiEngine;
    budget: AiBudget;
    /** What a persona remembers: read into its prompts, fed after its replies. */
    memory: MemoryService;
    lists: ConversationListCache;
    /** Recipients' rows as a send reads them, kept between sends (performance/rows-cache.ts). */
    recipients: RowsCache<Recipient>;
    /** Counts every message stored (a metric). */
    messagesSent: { inc(): void };
    blocks: BlocksService;
    /** Told of every message delivered here (DMs and persona replies): notifications for people away. */
    onDelivered: OnDelivered;
  },
): Promise<{
  presence: PresenceService;
  sendLimiter: Limiter;
  writes: GroupCommit;
  readableOriginal: MessagesService['readableOriginal'];
}> {
  const repo = messagesRepository(deps.db.kysely, deps.db.engine);
  const presence = presenceService(deps.realtime.presence, repo, deps.realtime.emitter);
  const rate = deps.config.messageRateLimitPerMinute;
  // Bursts of up to 20 (or ten seconds' worth for high limits), never more than the limit itself.
  const limiter = deps.realtime.limits.limiter('messages', perMinute(rate, Math.max(SEND_BURST, rate / 6)));
  const replies = personaRepliesService({
    memory: deps.memory,
    engine: deps.engine,
    budget: deps.budget,
    limits: deps.config.ai,
    locks: deps.realtime.locks,
    repo,
    lists: deps.lists,
    accounts: deps.accounts,
    emitter: deps.realtime.emitter,
    log: app.log,
    onDelivered: deps.onDelivered,
  });
  const writes = groupCommit(deps.db.kysely, deps.db.writerPause);
  const messages = messagesService(
    repo,
    writes,
    deps.lists,
    {
      findById: (id) => deps.accounts.findById(id),
      findByUsername: (username) => deps.accounts.findByUsername(username),
      findRecipient: (id) => deps.recipients.read(id, Date.now(), () => deps.accounts.findRecipient(id)),
    },
    deps.realtime.emitter,
    limiter,
    presence,
    deps.blocks,
    deps.messagesSent,
    (job) => {
      void replies.reply(job);
    },
    deps.onDelivered,
  );
  deps.blocks.onChange(({ blockerId, blockedId, blocked }) => {
    // The blocker's list drops (or gets back) the blocked person and their personas.
    deps.lists.forget(blockerId);
    // Unblocked contacts see each other online again; people who never talked learn nothing.
    if (!blocked)
      void repo
        .findConversationBetween(blockerId, blockedId)
        .then((conversation) => conversation && presence.introduce(blockerId, blockedId))
        .catch(() => undefined);
  });
  registerMessageSockets(deps.realtime, messages, presence, app.log);
  // A shutdown lets replies being written finish (within its grace) before it closes the sockets.
  app.keepDuringDrain(() => replies.settled());
  const mutes = deps.realtime.limits.limiter('mutes', perMinute(MUTES_PER_MINUTE, MUTES_BURST));
  await app.register(signedInOnly(messagesRoutes), { messages, replies, mutes });
  const changes = messageChangesService({
    repo: messageChangesRepository(deps.db.kysely),
    messages: repo,
    lists: deps.lists,
    emitter: deps.realtime.emitter,
    blocks: deps.blocks,
  });
  // Edits and deletions share a bucket sized like sending: each is told to everyone in the conversation, as a send.
  const changeLimiter = deps.realtime.limits.limiter(
    'message-changes',
    perMinute(rate, Math.max(SEND_BURST, rate / 6)),
  );
  const reactionLimiter = deps.realtime.limits.limiter(
    'reactions',
    perMinute(REACTIONS_PER_MINUTE, REACTIONS_BURST),
  );
  await app.register(signedInOnly(messageChangesRoutes), { changes, changeLimiter, reactionLimiter });
  // Rooms show presence like DMs, share the per-person message limit, commit their sends with DMs' and forward
  // what a person may read as DMs do.
  return { presence, sendLimiter: limiter, writes, readableOriginal: messages.readableOriginal };
}
