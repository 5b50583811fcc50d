import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { perMinute, type Limiter } from '../../lib/limits.js';
import type { GroupCommit } from '../../performance/group-commit.js';
import { signedInOnly } from '../../plugins/session.js';
import type { Realtime } from '../../realtime/realtime.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { AiBudget } from '../ai/ai-budget.js';
import type { AiEngine } from '../ai/engine.js';
import { messagesRepository } from '../messages/messages.repository.js';
import type { OnDelivered } from '../messages/message-delivered.js';
import type { PresenceService } from '../messages/presence.service.js';
import type { MessagesService } from '../messages/messages.service.js';
import type { BlocksService } from '../safety/blocks.service.js';
import type { MemoryService } from '../memory/memory.service.js';
import { roomMessagesService } from './room-messages.service.js';
import { roomTurnsService, type StopAnswer } from './room-turns.service.js';
import { roomsRepository } from './rooms.repository.js';
import { roomsRoutes } from './rooms.routes.js';
import { roomsService } from './rooms.service.js';
import { registerRoomSockets } from './rooms.socket.js';

/** Rooms a person may start: ten an hour is plenty by hand. */
const CREATIONS = { points: 10, seconds: 3600 };
/** Typing signals one person sends: one every two seconds on average is all a typing indicator needs. */
const TYPING_PER_MINUTE = 30;
const TYPING_BURST = 5;
/** Invitations (calls that add members), and every other change. */
const INVITATIONS_PER_MINUTE = 10;
const INVITATIONS_BURST = 10;
const CHANGES_PER_MINUTE = 60;
const CHANGES_BURST = 20;
/** How long a stop waits for the other processes to say whether one of them runs the room's turns. */
const STOP_ASK_MS = 2000;

/** Rooms (issue 43): people and personas in one conversation. */
export async function registerRooms(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    realtime: Realtime;
    accounts: AccountsRepository;
    blocks: BlocksService;
    engine: AiEngine;
    budget: AiBudget;
    presence: PresenceService;
    /** The per-person message limit DMs spend from too. */
    sendLimiter: Limiter;
    /** DMs' group commit: a room's message joins the same turn's transaction. */
    writes: GroupCommit;
    readableOriginal: MessagesService['readableOriginal'];
    messagesSent: { inc(): void };
    /** Each room persona's memory of the room: read into its turns, fed after them, seen by members. */
    memory: MemoryService;
    /** Told of every message delivered in a room: notifications for people @named or answered while away. */
    onDelivered: OnDelivered;
  },
): Promise<void> {
  const { realtime, blocks } = deps;
  const repo = roomsRepository(deps.db.kysely);
  const messages = messagesRepository(deps.db.kysely, deps.db.engine);
  // The turns service needs the rooms service, and a room's view shows the turn being spoken: bound once made.
  const speakingIn = (roomId: string) => turns.speakingIn(roomId);
  const rooms = roomsService({
    repo,
    accounts: deps.accounts,
    blocks,
    emitter: realtime.emitter,
    speakingIn,
    introduce: (newcomers, roomPeople) => {
      // Presence is best effort: the room is made and joined whatever happens here.
      void Promise.all(
        newcomers.map(async (newcomer) => {
          const sets = await blocks.setsOf(newcomer);
          const others = roomPeople.filter((o) => !sets.blocked.has(o) && !sets.blockedBy.has(o));
          await deps.presence.introduceAmong([newcomer], others);
        }),
      ).catch((err: unknown) => app.log.warn({ err }, 'room presence introduction failed'));
    },
  });
  // The in-memory adapter of a lone process has no one to ask.
  const others = realtime.redis ? realtime.io : undefined;
  const turns = roomTurnsService({
    engine: deps.engine,
    budget: deps.budget,
    limits: deps.config.ai,
    locks: realtime.locks,
    repo,
    rooms,
    messages,
    accounts: deps.accounts,
    emitter: realtime.emitter,
    memory: deps.memory.scoped,
    log: app.log,
    onDelivered: deps.onDelivered,
    stopElsewhere:
      others &&
      (async (request) => {
        const asked = others.serverSideEmitWithAck('roomStop', request);
        const timedOut = new Promise<StopAnswer[]>((resolve) => setTimeout(resolve, STOP_ASK_MS, []).unref());
        const answers = await Promise.race([asked.catch((): StopAnswer[] => []), timedOut]);
        return answers.find((a) => a === 'stopped') ?? answers.find((a) => a === 'forbidden') ?? 'none';
      }),
  });
  others?.on('roomStop', (request, answer) => answer(turns.stopHere(request)));
  app.keepDuringDrain(() => turns.settled());

  const roomMessages = roomMessagesService({
    rooms,
    repo,
    messages,
    writes: deps.writes,
    readableOriginal: deps.readableOriginal,
    emitter: realtime.emitter,
    sendLimiter: deps.sendLimiter,
    stored: deps.messagesSent,
    onPersonMessage: (job) => void turns.answer(job),
    onDelivered: deps.onDelivered,
  });
  registerRoomSockets(realtime, {
    repo,
    roomMessages,
    accounts: deps.accounts,
    typing: realtime.limits.limiter('room-typing', perMinute(TYPING_PER_MINUTE, TYPING_BURST), 'process'),
    log: app.log,
  });
  await app.register(signedInOnly(roomsRoutes), {
    rooms,
    roomMessages,
    turns,
    memory: deps.memory,
    creations: realtime.limits.limiter('room-creations', CREATIONS),
    invitations: realtime.limits.limiter(
      'room-invitations',
      perMinute(INVITATIONS_PER_MINUTE, INVITATIONS_BURST),
    ),
    changes: realtime.limits.limiter('room-changes', perMinute(CHANGES_PER_MINUTE, CHANGES_BURST)),
  });
}
