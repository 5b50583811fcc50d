import type { z } from 'zod';
import type { Message } from '../../../contracts/messages.js';
import type { PageQuery } from '../../../contracts/paging.js';
import {
  mentionedUsernames,
  type ForwardToRoomRequest,
  type SendRoomMessageRequest,
} from '../../../contracts/rooms.js';
import { isUniqueViolation } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { isId, newId, nowIso } from '../../lib/ids.js';
import { takeOrRefuse, type Limiter } from '../../lib/limits.js';
import type { GroupCommit } from '../../performance/group-commit.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import { MESSAGE_ERRORS, type MessagesService } from '../messages/messages.service.js';
import { toMessage } from '../messages/message-view.js';
import type { OnDelivered } from '../messages/message-delivered.js';
import type { MessagesRepository } from '../messages/messages.repository.js';
import type { RoomsRepository } from './rooms.repository.js';
import type { RoomsService } from './rooms.service.js';

type Person = Pick<UserRow, 'id'>;

/** A person's message stored in a room, for its personas to answer. */
export interface RoomMessageJob {
  roomId: string;
  messageId: string;
  userId: string;
  text: string;
}

/**
 * Messages in rooms: one write and one fan-out per message (the room's channel reaches every member's tabs in
 * every process), pages from when the reader joined (to when they left), read positions and typing.
 */
export function roomMessagesService(deps: {
  rooms: Pick<RoomsService, 'membershipOf' | 'presentIn'>;
  repo: RoomsRepository;
  messages: Pick<MessagesRepository, 'insertMessage' | 'findByClientId' | 'reactionsOf'>;
  /** Sends are group-committed like DMs: the ack still comes after the commit. */
  writes: GroupCommit;
  emitter: RealtimeEmitter;
  /** The same per-person message limit as DMs: rooms are no way around it. */
  sendLimiter: Limiter;
  stored: { inc(): void };
  /** A message the person may forward (MessagesService.readableOriginal), or the refusal. */
  readableOriginal: MessagesService['readableOriginal'];
  /** Called once a person's message is stored and delivered, so the room's personas may answer. */
  onPersonMessage: (job: RoomMessageJob) => void;
  /** Told of each message: the people it @names may be away. */
  onDelivered: OnDelivered;
}) {
  const { rooms, repo, messages, writes, emitter } = deps;

  /** The message stored earlier under this client id, if it is the same message to the same room. */
  async function replayed(sender: Person, roomId: string, text: string, clientId: string) {
    const stored = await messages.findByClientId(sender.id, clientId);
    if (!stored) return undefined;
    if (stored.conversationId !== roomId || stored.text !== text)
      throw new HttpError(409, MESSAGE_ERRORS.clientIdReused);
    return toMessage({ ...stored, seen: 0 });
  }

  /** A message past its checks (the sender is in the room) and its limit: stored once per client id, delivered. */
  async function store(
    sender: Person,
    roomId: string,
    input: z.output<typeof SendRoomMessageRequest>,
    forwardedFrom: string,
  ): Promise<Message> {
    const row = {
      id: newId(),
      conversationId: roomId,
      senderId: sender.id,
      text: input.message,
      createdAt: nowIso(),
      forwardedFrom,
    };
    const clientId = input.clientMessageId ?? null;
    const saved = await writes
      .run(async (trx) => {
        await messages.insertMessage({ ...row, clientId }, trx);
        await repo.setLatest(row, trx);
        return undefined;
      })
      .catch(async (error: unknown) => {
        if (clientId === null || !isUniqueViolation(error)) throw error;
        const again = await replayed(sender, roomId, input.message, clientId);
        if (!again) throw error;
        return again;
      });
    // A retry of a message already stored (its answer was lost): the same answer, and nobody is told twice.
    if (saved) return saved;
    deps.stored.inc();
    const message = toMessage({ ...row, seen: 0 });
    emitter.toRoom(roomId, 'newMessage', message);
    const mentions = mentionedUsernames(row.text);
    if (mentions.length > 0)
      deps.onDelivered({
        conversationId: roomId,
        room: true,
        senderId: sender.id,
        text: row.text,
        to: [],
        mentions,
      });
    deps.onPersonMessage({ roomId, messageId: row.id, userId: sender.id, text: row.text });
    return message;
  }

  return {
    async send(
      sender: Person,
      roomId: string,
      input: z.output<typeof SendRoomMessageRequest>,
    ): Promise<Message> {
      // Counted before any lookup, so a flood costs no reads.
      await takeOrRefuse(deps.sendLimiter, sender.id, MESSAGE_ERRORS.tooFast);
      await rooms.presentIn(sender, roomId);
      return store(sender, roomId, input, '');
    },

    /** Forwards into the room a message the person may read, quoted with who wrote it first; limited like a send. */
    async forward(
      sender: Person,
      roomId: string,
      input: z.output<typeof ForwardToRoomRequest>,
    ): Promise<Message> {
      await takeOrRefuse(deps.sendLimiter, sender.id, MESSAGE_ERRORS.tooFast);
      await rooms.presentIn(sender, roomId);
      const original = await deps.readableOriginal(sender, input.messageId);
      const request = { message: original.text, clientMessageId: input.clientMessageId };
      return store(sender, roomId, request, original.forwardedFrom);
    },

    /** A page of the room as the reader may read it: from when they joined, up to when they left. */
    async page(reader: Person, roomId: string, query: PageQuery): Promise<Message[]> {
      if (query.before !== undefined && !isId(query.before))
        throw new HttpError(400, MESSAGE_ERRORS.badCursor);
      const mine = await rooms.membershipOf(reader, roomId);
      const rows = await repo.page(
        roomId,
        { from: mine.joinedAt, to: mine.leftAt },
        query.before,
        query.limit,
      );
      const reactions = await messages.reactionsOf(rows.map((row) => row.id));
      return rows.map((row) => toMessage({ ...row, seen: 0 }, undefined, reactions.get(row.id)));
    },

    /**
     * Moves the reader's read position to a message of the room. The room hears of it only when the reader keeps
     * read receipts on, and only its members who keep them on too (as in DMs: off means neither told nor told of).
     */
    async markRead(
      reader: Pick<UserRow, 'id' | 'readReceipts'>,
      roomId: string,
      messageId: string,
    ): Promise<void> {
      await rooms.presentIn(reader, roomId);
      const message = isId(messageId) ? await repo.roomMessage(roomId, messageId) : undefined;
      if (!message) throw new HttpError(404, MESSAGE_ERRORS.messageNotFound);
      if (!(await repo.markRead(roomId, reader.id, message.id))) return;
      const told =
        reader.readReceipts === 1 ? await repo.peopleIn(roomId, { keepingReceipts: true }) : [reader.id];
      emitter.toUsers(told, 'roomRead', { roomId, userId: reader.id, messageId: message.id });
    },

    /** Tells the room's other tabs that the person is typing; the caller checked they are in the room. */
    typing(user: Person, roomId: string): void {
      emitter.toRoomExcept(roomId, user.id, 'typing', { conversationId: roomId, userId: user.id });
    },
  };
}

export type RoomMessagesService = ReturnType<typeof roomMessagesService>;
