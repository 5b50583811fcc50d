import {
  MESSAGE_LIMITS,
  ReactionEmoji,
  type Message,
  type MessageReactions,
} from '../../../contracts/messages.js';
import type { ServerToClientEvents } from '../../../contracts/realtime.js';
import { isRoom } from '../../db/conversation-sides.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { isId, nowIso } from '../../lib/ids.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { BlocksService } from '../safety/blocks.service.js';
import type { ConversationListCache } from './conversation-list.cache.js';
import type { ChangeableMessage, MessageChangesRepository } from './message-changes.repository.js';
import { toMessage } from './message-view.js';
import type { MessagesRepository } from './messages.repository.js';

export const MESSAGE_CHANGE_ERRORS = {
  notFound: 'Message not found',
  leftRoom: 'You are no longer in this room',
  notYoursToEdit: 'You can only edit your own messages',
  personaReply: 'A persona’s reply cannot be edited: ask again instead',
  forwarded: 'A forwarded message cannot be edited: it is quoted as its author wrote it',
  tooLate: 'A message can only be edited in the 24 hours after it was sent',
  deleted: 'This message was deleted',
  notYoursToDelete: 'You can only delete your own messages',
  blocked: 'You cannot change anything in this conversation',
  changesTooFast: 'You are changing messages too fast. Please wait a moment and try again.',
  reactionsTooFast: 'You are reacting too fast. Please wait a moment and try again.',
} as const;

type Person = Pick<UserRow, 'id'>;

/**
 * Edit, delete for everyone and reactions, in DMs and rooms alike (a room is a conversation: decision 029). Each
 * change is committed, then told to every tab of the conversation's people (a DM's pair, a room's channel), in
 * every process. A message one may not read is "not found", exactly like one that does not exist.
 */
export function messageChangesService(deps: {
  repo: MessageChangesRepository;
  messages: Pick<MessagesRepository, 'reactionsOf'>;
  lists: ConversationListCache;
  emitter: RealtimeEmitter;
  blocks: Pick<BlocksService, 'eitherBlocked'>;
  now?: () => number;
}) {
  const { repo, messages, lists, emitter, blocks } = deps;
  const now = deps.now ?? Date.now;

  /** The message, if the person may read it and is still in its room (a room one left is read-only). */
  async function readable(person: Person, messageId: string): Promise<ChangeableMessage> {
    const message = isId(messageId) ? await repo.findReadable(messageId, person.id) : undefined;
    if (!message) throw new HttpError(404, MESSAGE_CHANGE_ERRORS.notFound);
    if (inRoom(message) && message.readerLeftAt !== '')
      throw new HttpError(403, MESSAGE_CHANGE_ERRORS.leftRoom);
    return message;
  }

  const inRoom = (message: ChangeableMessage) =>
    isRoom({ id: message.conversationId, userLow: message.userLow, userHigh: message.userHigh });

  /** In a DM with a person: across a block nothing changes but taking one's own words back. */
  async function refuseAcrossBlock(person: Person, message: ChangeableMessage): Promise<void> {
    if (inRoom(message)) return;
    const other = message.userLow === person.id ? message.userHigh : message.userLow;
    if (await blocks.eitherBlocked(person.id, other)) throw new HttpError(403, MESSAGE_CHANGE_ERRORS.blocked);
  }

  function tell<E extends keyof ServerToClientEvents>(
    message: ChangeableMessage,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void {
    if (inRoom(message)) emitter.toRoom(message.conversationId, event, ...payload);
    else emitter.toUsers([message.userLow, message.userHigh], event, ...payload);
  }

  async function reactionsNow(message: ChangeableMessage): Promise<MessageReactions> {
    const reactions = (await messages.reactionsOf([message.id])).get(message.id) ?? [];
    return { conversationId: message.conversationId, messageId: message.id, reactions };
  }

  return {
    /** Changes the text of one's own message (written by oneself, not deleted, within the edit window). */
    async edit(person: Person, messageId: string, text: string): Promise<Message> {
      const message = await readable(person, messageId);
      if (message.senderId !== person.id)
        throw new HttpError(
          403,
          message.senderIsAi === 1
            ? MESSAGE_CHANGE_ERRORS.personaReply
            : MESSAGE_CHANGE_ERRORS.notYoursToEdit,
        );
      if (message.deleted === 1) throw new HttpError(409, MESSAGE_CHANGE_ERRORS.deleted);
      if (message.forwardedFrom !== '') throw new HttpError(403, MESSAGE_CHANGE_ERRORS.forwarded);
      if (now() - Date.parse(message.createdAt) > MESSAGE_LIMITS.editWindowMs)
        throw new HttpError(409, MESSAGE_CHANGE_ERRORS.tooLate);
      await refuseAcrossBlock(person, message);
      const { reactions } = await reactionsNow(message);
      // The same text again changes nothing and tells nobody.
      if (text === message.text) return toMessage(message, undefined, reactions);
      const editedAt = nowIso();
      await repo.edit(message, text, editedAt);
      lists.forget(message.userLow, message.userHigh);
      tell(message, 'messageEdited', {
        conversationId: message.conversationId,
        messageId: message.id,
        text,
        editedAt,
      });
      return toMessage({ ...message, text, editedAt }, undefined, reactions);
    },

    /**
     * Deletes a message for everyone: one's own, at any time, or a persona's reply in one's own persona DM (a
     * private chat). Deleting it again changes nothing.
     */
    async remove(person: Person, messageId: string): Promise<void> {
      const message = await readable(person, messageId);
      const personaReplyInOwnDm = !inRoom(message) && message.senderIsAi === 1;
      if (message.senderId !== person.id && !personaReplyInOwnDm)
        throw new HttpError(403, MESSAGE_CHANGE_ERRORS.notYoursToDelete);
      if (message.deleted === 1) return;
      const forgotten = await repo.remove(message);
      lists.forget(message.userLow, message.userHigh);
      tell(message, 'messageDeleted', { conversationId: message.conversationId, messageId: message.id });
      for (const personaId of forgotten) {
        const changed = { conversationId: message.conversationId, ...(personaId ? { personaId } : {}) };
        tell(message, 'memoryChanged', changed);
      }
    },

    /** Puts one's reaction with `emoji` on a message one may read (`on`), or takes it back. */
    async react(person: Person, messageId: string, emoji: string, on: boolean): Promise<MessageReactions> {
      const parsed = ReactionEmoji.safeParse(emoji);
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Unknown reaction');
      const message = await readable(person, messageId);
      if (message.deleted === 1) throw new HttpError(409, MESSAGE_CHANGE_ERRORS.deleted);
      await refuseAcrossBlock(person, message);
      const changed = await repo.react(message.id, person.id, parsed.data, on, nowIso());
      const current = await reactionsNow(message);
      if (changed) tell(message, 'reactionsChanged', current);
      return current;
    },
  };
}

export type MessageChangesService = ReturnType<typeof messageChangesService>;
