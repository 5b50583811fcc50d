import type { z } from 'zod';
import {
  CLEARED_CONTEXT,
  MESSAGE_LIMITS,
  type Conversation,
  type ForwardMessageRequest,
  type Message,
  type SendMessageRequest,
} from '../../../contracts/messages.js';
import { isUniqueViolation } from '../../db/database.js';
import type { GroupCommit } from '../../performance/group-commit.js';
import type { ConversationRow, UserRow } from '../../db/schema.js';
import type { PageQuery } from '../../../contracts/paging.js';
import { HttpError } from '../../lib/http-error.js';
import { isId, newId, nowIso } from '../../lib/ids.js';
import { takeOrRefuse, type Limiter } from '../../lib/limits.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { BlocksService } from '../safety/blocks.service.js';
import { openingMessageOf } from '../personas/opening-message.js';
import { toConversation, toMessage, type SeenMarksFor } from './message-view.js';
import type { ConversationListCache } from './conversation-list.cache.js';
import { orderedPair, type MessagesRepository } from './messages.repository.js';
import type { PresenceService } from './presence.service.js';
import { isDeleted } from '../accounts/user-view.js';
import type { OnDelivered } from './message-delivered.js';

export const MESSAGE_ERRORS = {
  forgedSender: 'You can only send messages as yourself',
  toYourself: 'You cannot send a message to yourself',
  recipientNotFound: 'Recipient not found',
  conversationNotFound: 'Conversation not found',
  notParticipant: 'You are not part of this conversation',
  tooFast: 'You are sending messages too fast. Please wait a moment and try again.',
  badCursor: 'before must be a message id',
  clientIdReused: 'This clientMessageId was already used for a different message',
  messageNotFound: 'Message not found',
  forwardTo: 'No one has that username',
  tooLongToForward: `This message is longer than ${MESSAGE_LIMITS.textMax} characters and cannot be forwarded`,
  deletedNotForwarded: 'This message was deleted and cannot be forwarded',
} as const;

type Reader = Pick<UserRow, 'id' | 'readReceipts'>;
const marksFor = (user: Reader): SeenMarksFor => ({ readerId: user.id, receiptsOn: user.readReceipts === 1 });

export interface SentMessage {
  message: Message;
  /** True when this message created the conversation (the two people just became contacts). */
  firstInConversation: boolean;
  recipientId: string;
}

/** Direct-message rules: who may send, read and change which conversation. */
export function messagesService(
  repo: MessagesRepository,
  /** Sends are group-committed: the ack still comes after the commit (see performance/group-commit.ts). */
  writes: GroupCommit,
  /** Every change below forgets the lists it touches once committed, before anyone is told of it. */
  lists: ConversationListCache,
  accounts: Pick<AccountsRepository, 'findById' | 'findRecipient' | 'findByUsername'>,
  emitter: RealtimeEmitter,
  sendLimiter: Limiter,
  presence: Pick<PresenceService, 'introduce'>,
  /** Two people either of whom blocked the other exchange nothing: no message, forward or seen mark. */
  blocks: Pick<BlocksService, 'refuseMessage' | 'eitherBlocked'>,
  /** Counts each message stored (a metric); a retried send answered with the stored message is not counted. */
  stored: { inc(): void },
  /** Called once a message to an AI persona is stored and delivered, so the persona can answer. */
  onMessageToPersona: (job: { conversationId: string; personaId: string; userId: string }) => void,
  /** Told of each message delivered to a person (notifications for them when they are away). */
  onDelivered: OnDelivered,
) {
  async function participantConversation(
    user: Pick<UserRow, 'id'>,
    conversationId: string,
  ): Promise<ConversationRow> {
    const conversation = isId(conversationId) ? await repo.findConversation(conversationId) : undefined;
    if (!conversation) throw new HttpError(404, MESSAGE_ERRORS.conversationNotFound);
    if (conversation.userLow !== user.id && conversation.userHigh !== user.id) {
      throw new HttpError(403, MESSAGE_ERRORS.notParticipant);
    }
    return conversation;
  }

  /**
   * The message stored earlier under this client id, if it is the same message to the same person; undefined
   * when there is none (the unique violation was about something else).
   */
  async function storedWithClientId(
    senderId: string,
    recipientId: string,
    text: string,
    clientId: string,
  ): Promise<Message | undefined> {
    const stored = await repo.findByClientId(senderId, clientId);
    if (!stored) return undefined;
    const pair = orderedPair(senderId, recipientId);
    const same = stored.userLow === pair.userLow && stored.userHigh === pair.userHigh && stored.text === text;
    if (!same) throw new HttpError(409, MESSAGE_ERRORS.clientIdReused);
    // Seen by now, perhaps: shown only as the sender's read-receipts setting allows.
    const sender = await accounts.findRecipient(senderId);
    return toMessage(stored, { readerId: senderId, receiptsOn: sender?.readReceipts === 1 });
  }

  /**
   * Stores a message (committed before anyone hears of it), then delivers it to both people's tabs. With a
   * client id it is stored at most once: a retry answers with the stored message and delivers nothing.
   */
  async function send(
    sender: Pick<UserRow, 'id'>,
    input: z.output<typeof SendMessageRequest>,
  ): Promise<SentMessage> {
    if (input.senderId !== undefined && input.senderId !== sender.id)
      throw new HttpError(403, MESSAGE_ERRORS.forgedSender);
    if (input.recipientId === sender.id) throw new HttpError(400, MESSAGE_ERRORS.toYourself);
    await takeSend(sender.id);
    return store(sender, input, '');
  }

  async function takeSend(senderId: string): Promise<void> {
    await takeOrRefuse(sendLimiter, senderId, MESSAGE_ERRORS.tooFast);
  }

  /** A send past its checks and its limit: stored, then delivered. */
  async function store(
    sender: Pick<UserRow, 'id'>,
    input: z.output<typeof SendMessageRequest>,
    forwardedFrom: string,
  ): Promise<SentMessage> {
    const recipient = isId(input.recipientId) ? await accounts.findRecipient(input.recipientId) : undefined;
    if (!recipient || recipient.isFrozen === 1) throw new HttpError(404, MESSAGE_ERRORS.recipientNotFound);
    // Only people block each other: a message to a persona costs no check. With the sender's blocks kept the
    // check answers at once (throws or returns undefined) and the send awaits nothing for it.
    if (recipient.isAi === 0) {
      const reading = blocks.refuseMessage(sender.id, recipient.id);
      if (reading) await reading;
    }

    const now = nowIso();
    const openingText = openingMessageOf(recipient);
    // Made first, so a persona's opening message sorts before the message that started the conversation. Only a
    // persona with an opening message needs one: an id is made in about a microsecond and 900 bytes.
    const openingId = openingText ? newId() : null;
    const messageId = newId();
    const newConversationId = newId();
    const clientId = input.clientMessageId ?? null;
    const saved = await writes
      .run(async (trx) => {
        const conversation = await repo.recordLatest(
          {
            newConversationId,
            senderId: sender.id,
            recipientId: recipient.id,
            text: input.message,
            at: now,
            messageId,
            openingId,
          },
          trx,
        );
        const firstInConversation = conversation.id === newConversationId;
        const opening =
          firstInConversation && openingId
            ? {
                id: openingId,
                conversationId: conversation.id,
                senderId: recipient.id,
                text: openingText,
                createdAt: now,
              }
            : null;
        if (opening) await repo.insertMessage(opening, trx);
        const row = {
          id: messageId,
          conversationId: conversation.id,
          senderId: sender.id,
          text: input.message,
          createdAt: now,
          forwardedFrom,
        };
        await repo.insertMessage({ ...row, clientId }, trx);
        return { row, opening, firstInConversation };
      })
      .catch(async (error: unknown) => {
        if (clientId === null || !isUniqueViolation(error)) throw error;
        const replayed = await storedWithClientId(sender.id, recipient.id, input.message, clientId);
        if (!replayed) throw error;
        return { replayed };
      });
    // A retry of a message already stored (its answer was lost): the same answer, and nobody is told twice.
    if ('replayed' in saved) {
      return { message: saved.replayed, firstInConversation: false, recipientId: recipient.id };
    }
    stored.inc();
    lists.forget(sender.id, recipient.id);
    const message = toMessage({ ...saved.row, seen: 0 });
    if (saved.opening)
      emitter.toUsers([sender.id, recipient.id], 'newMessage', toMessage({ ...saved.opening, seen: 0 }));
    emitter.toUsers([sender.id, recipient.id], 'newMessage', message);
    // Presence is best effort and never delays the send: the message is already stored and delivered.
    if (saved.firstInConversation) void presence.introduce(sender.id, recipient.id).catch(() => undefined);
    if (recipient.isAi === 0) {
      const { conversationId, text } = message;
      onDelivered({ conversationId, room: false, senderId: sender.id, text, to: [recipient.id] });
    } else {
      onMessageToPersona({
        conversationId: message.conversationId,
        personaId: recipient.id,
        userId: sender.id,
      });
    }
    return { message, firstInConversation: saved.firstInConversation, recipientId: recipient.id };
  }

  /**
   * A message the person may forward: one they may read (a DM of theirs, a room they were in when it was
   * written), by an author not frozen, not deleted, short enough to send; with whom it came from first. Anything else is
   * "not found", exactly like a message that does not exist.
   */
  async function readableOriginal(reader: Pick<UserRow, 'id'>, messageId: string) {
    const original = isId(messageId) ? await repo.findReadable(messageId, reader.id) : undefined;
    const author = original && (await accounts.findById(original.senderId));
    if (!original || !author || author.isFrozen === 1)
      throw new HttpError(404, MESSAGE_ERRORS.messageNotFound);
    // Deleted for everyone: nothing is left to forward.
    if (original.deleted === 1) throw new HttpError(409, MESSAGE_ERRORS.deletedNotForwarded);
    // A persona's reply may be longer than people may write (a raised AI_MAX_OUTPUT_TOKENS).
    if (original.text.length > MESSAGE_LIMITS.textMax)
      throw new HttpError(400, MESSAGE_ERRORS.tooLongToForward);
    return { text: original.text, forwardedFrom: original.forwardedFrom || author.username };
  }

  return {
    send,
    readableOriginal,

    /**
     * Sends a message the person may read (in one of their conversations) to someone by username, quoted with
     * who wrote it first (a forwarded forward keeps its first author). Same limits and idempotency as a send.
     */
    async forward(
      sender: Pick<UserRow, 'id'>,
      input: z.output<typeof ForwardMessageRequest>,
    ): Promise<SentMessage> {
      // Counted like a send, and before any lookup, so a flood of forwards costs no reads.
      await takeSend(sender.id);
      const original = await readableOriginal(sender, input.messageId);
      const recipient = await accounts.findByUsername(input.toUsername);
      if (!recipient || recipient.isFrozen === 1) throw new HttpError(404, MESSAGE_ERRORS.forwardTo);
      if (recipient.id === sender.id) throw new HttpError(400, MESSAGE_ERRORS.toYourself);
      const request = {
        message: original.text,
        recipientId: recipient.id,
        clientMessageId: input.clientMessageId,
      };
      return store(sender, request, original.forwardedFrom);
    },

    /**
     * The person's conversation list as the JSON the API sends (Conversation[]), encoded once: answering a
     * cached list then costs no UTF-8 encoding of its kilobytes per request.
     */
    async conversationsJson(user: Reader): Promise<Buffer> {
      return lists.read(user.id, async () => {
        const marks = marksFor(user);
        const list: Conversation[] = (await repo.listFor(user.id)).map((row) => toConversation(row, marks));
        return Buffer.from(JSON.stringify(list));
      });
    },

    /** The newest page of the conversation with another user (older pages with `before`). */
    async messagesWith(user: Reader, otherUserId: string, query: PageQuery): Promise<Message[]> {
      if (query.before !== undefined && !isId(query.before))
        throw new HttpError(400, MESSAGE_ERRORS.badCursor);
      const other = isId(otherUserId) ? await accounts.findById(otherUserId) : undefined;
      // A deleted account's conversation stays readable; no other frozen one is.
      const readable = other && (other.isFrozen === 0 || isDeleted(other));
      if (!other || !readable) throw new HttpError(404, MESSAGE_ERRORS.recipientNotFound);
      const conversation = await repo.findConversationBetween(user.id, other.id);
      if (!conversation) return [];
      const marks = marksFor(user);
      const rows = await repo.page(conversation.id, query.before, query.limit);
      const reactions = await repo.reactionsOf(rows.map((row) => row.id));
      return rows.map((row) => toMessage(row, marks, reactions.get(row.id)));
    },

    async updateContext(
      user: Pick<UserRow, 'id'>,
      conversationId: string,
      context: string,
    ): Promise<{ _id: string; context: string }> {
      const conversation = await participantConversation(user, conversationId);
      const cleared = context === CLEARED_CONTEXT;
      await repo.setContext(conversation.id, context, cleared, nowIso());
      lists.forget(conversation.userLow, conversation.userHigh);
      // A clean start also emptied what the persona remembered (memory items): open memory lists read again.
      if (cleared) emitter.toUsers([user.id], 'memoryChanged', { conversationId: conversation.id });
      return { _id: conversation.id, context };
    },

    /** Mutes or unmutes the conversation for this person only: its messages still count as unread. */
    async setMuted(
      user: Pick<UserRow, 'id'>,
      conversationId: string,
      muted: boolean,
    ): Promise<{ _id: string; muted: boolean }> {
      const conversation = await participantConversation(user, conversationId);
      await repo.setMuted(conversation, user.id, muted);
      lists.forget(user.id);
      return { _id: conversation.id, muted };
    },

    /**
     * Marks what the other side sent as seen and tells both people's tabs. With read receipts off on either
     * side the other person is not told; with them off for the reader nothing is marked either (only the
     * reader's own unread count goes), so turning them on later reveals nothing read meanwhile.
     */
    async markSeen(user: Pick<UserRow, 'id'>, conversationId: string): Promise<void> {
      const conversation = await participantConversation(user, conversationId);
      // A tab marks seen on every message it shows; with nothing unread that costs no write at all.
      if (repo.unreadFor(conversation, user.id) === 0) return;
      const otherId = conversation.userLow === user.id ? conversation.userHigh : conversation.userLow;
      const [reader, other, blocked] = await Promise.all([
        accounts.findRecipient(user.id),
        accounts.findRecipient(otherId),
        blocks.eitherBlocked(user.id, otherId),
      ]);
      // Across a block nothing is marked: the blocked side never learns that their messages were read.
      const receiptSent = reader?.readReceipts === 1 && !blocked;
      const changed = await writes.run((trx) =>
        receiptSent
          ? repo.markSeen(conversation.id, user.id, trx)
          : repo.markReadQuietly(conversation.id, user.id, trx),
      );
      if (changed === 0) return;
      lists.forget(conversation.userLow, conversation.userHigh);
      const told = receiptSent && other?.readReceipts === 1 ? [user.id, otherId] : [user.id];
      emitter.toUsers(told, 'messagesSeen', { conversationId: conversation.id, seenBy: user.id });
    },
  };
}

export type MessagesService = ReturnType<typeof messagesService>;
