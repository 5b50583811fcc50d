import type { QueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '../../../../contracts/messages.js';
import type { ServerEventPayload } from '../../../../contracts/realtime.js';
import { refetchAfterBlocksChanged } from '../../../lib/blocks-api.js';
import type { ServerEventHandlers } from '../../../lib/socket.js';
import { applyIncomingMessage } from '../api/apply-incoming-message.js';
import { chatKeys } from '../api/chat-keys.js';
import { applySeen, otherParty } from '../api/conversation-cache.js';
import { DELETED, patchHeldMessage, type MessagePatch } from '../api/message-changes.js';
import { markSeenBy } from '../api/message-cache.js';
import { applyIncomingRoomMessage, isKnownRoom } from '../rooms/api/apply-room-message.js';
import { roomEventHandlers } from '../rooms/hooks/room-event-handlers.js';
import { useRoomTyping } from '../rooms/hooks/room-typing-store.js';
import type { AiReplyState } from './ai-reply-store.js';

/** The conversation on screen: whom it is with, and its id once it is a real one. */
export interface OpenConversation {
  userId: string;
  conversationId: string | null;
}

/** What the chat's socket handlers work with while one socket is listened to. */
export interface ChatEventContext {
  client: QueryClient;
  me: string;
  /** The conversation on screen now (it changes while the handlers stay). */
  open: () => OpenConversation | null;
  /** The room on screen now, if it is a room. */
  openRoom: () => string | null;
  /** Shows a refused action to the user. */
  showError: (message: string) => void;
  /** The replies store's state now (its streams change while the handlers stay). */
  replies: () => AiReplyState;
  /** Ids of the messages (and so of the replies) already stored here: later events about them are late. */
  handled: Set<string>;
  /** Asks the server for the replies in progress (see createReplyCatchUp). */
  catchUpOnReplies: () => void;
}

/** The other user of a conversation id: from the list, or the open conversation when it is that one. */
export function partnerOf(
  client: QueryClient,
  conversationId: string,
  open: OpenConversation | null,
): string | undefined {
  const listed = client
    .getQueryData<Conversation[]>(chatKeys.conversations)
    ?.find((c) => c._id === conversationId);
  if (listed) return otherParty(listed)?._id;
  if (!open) return undefined;
  if (open.conversationId === conversationId) return open.userId;
  const held = client.getQueryData<Message[]>(chatKeys.messages(open.userId));
  return held?.some((m) => m.conversationId === conversationId) ? open.userId : undefined;
}

/** Whether a conversation id is a room's: the one on screen, or one this tab knows. */
function isRoom({ client, openRoom }: ChatEventContext, conversationId: string): boolean {
  return openRoom() === conversationId || isKnownRoom(client, conversationId);
}

/** newMessage in a room: into its caches; whoever wrote it is no longer typing. */
function onRoomMessage({ client, me, openRoom, replies }: ChatEventContext, message: Message): void {
  const onScreen = openRoom() === message.conversationId;
  replies().stored(message._id, { onScreen });
  useRoomTyping.getState().stop(message.conversationId, message.sender);
  const read = onScreen && document.visibilityState === 'visible';
  applyIncomingRoomMessage(client, message, { onScreen, unread: message.sender !== me && !read });
}

/** newMessage: once per message, into the caches; a persona's stored reply replaces its streamed bubble. */
function onNewMessage(context: ChatEventContext, message: Message): void {
  const { client, me, open, replies, handled } = context;
  if (handled.has(message._id)) return;
  handled.add(message._id);
  if (isRoom(context, message.conversationId)) return onRoomMessage(context, message);
  const current = open();
  const partner =
    partnerOf(client, message.conversationId, current) ??
    (current && message.sender === current.userId ? current.userId : undefined);
  const onScreen = current !== null && partner === current.userId;
  replies().stored(message._id, { onScreen });
  const read = onScreen && document.visibilityState === 'visible';
  applyIncomingMessage(client, message, { partner, onScreen, unread: message.sender !== me && !read });
  // From nobody this tab knows: it may be a room that is not listed yet.
  if (partner === undefined) void client.invalidateQueries({ queryKey: chatKeys.rooms });
}

/** messagesSeen: the reader's side of the conversation is seen, in its messages and in the list. */
function onMessagesSeen(
  { client, me, open }: ChatEventContext,
  seen: ServerEventPayload<'messagesSeen'>,
): void {
  const partner = partnerOf(client, seen.conversationId, open());
  if (partner !== undefined) {
    client.setQueryData<Message[]>(chatKeys.messages(partner), (held) =>
      held ? markSeenBy(held, seen.seenBy) : held,
    );
  }
  client.setQueryData<Conversation[]>(chatKeys.conversations, (list) =>
    list ? applySeen(list, seen, me) : list,
  );
}

/** aiReplyStart: a persona begins a reply (unless its stored message came first). */
function onReplyStart(
  { replies, handled }: ChatEventContext,
  start: ServerEventPayload<'aiReplyStart'>,
): void {
  if (!handled.has(start.replyId)) replies().start(start);
}

/**
 * aiReplyDelta: a piece of a reply; one that began unseen is resumed and its text so far asked for: a DM's
 * from the replies in progress, a room's from the room's view (its `speaking`, which the room page joins). In
 * a room the persona is unknown until then ('').
 */
function onReplyDelta(
  context: ChatEventContext,
  { conversationId, replyId, delta, offset }: ServerEventPayload<'aiReplyDelta'>,
): void {
  const { client, open, replies, handled, catchUpOnReplies } = context;
  if (handled.has(replyId)) return;
  const piece = offset === undefined ? { delta } : { delta, offset };
  if (replies().append(replyId, piece)) return;
  const room = isRoom(context, conversationId);
  const personaId = room ? '' : partnerOf(client, conversationId, open());
  if (personaId === undefined) return;
  replies().resume({ conversationId, replyId, personaId }, piece);
  if (room) void client.invalidateQueries({ queryKey: chatKeys.room(conversationId) });
  else catchUpOnReplies();
}

/** aiReplyError: the reply failed; its persona's conversation says so, or it just goes when that is unknown. */
function onReplyError(
  { client, open, replies }: ChatEventContext,
  { conversationId, replyId, error }: ServerEventPayload<'aiReplyError'>,
): void {
  const personaId = replies().streams[replyId]?.personaId ?? partnerOf(client, conversationId, open());
  if (personaId === undefined) replies().remove([replyId]);
  else replies().fail({ conversationId, replyId, personaId, error });
}

/**
 * A change to a stored message (a moderator's removal, its author's edit or deletion, reactions): applied
 * wherever the message is held; with `listToo` the inbox reads again, since its preview may be that message.
 */
function onMessagePatched(
  context: ChatEventContext,
  { conversationId, messageId }: { conversationId: string; messageId: string },
  patch: MessagePatch,
  listToo: boolean,
) {
  const { client, open } = context;
  const room = isRoom(context, conversationId);
  const partner = room ? undefined : partnerOf(client, conversationId, open());
  const key = room ? chatKeys.roomMessages(conversationId) : partner && chatKeys.messages(partner);
  if (key) patchHeldMessage(client, key, messageId, patch);
  if (listToo) void client.invalidateQueries({ queryKey: room ? chatKeys.rooms : chatKeys.conversations });
}

/** memoryChanged: what a persona remembers (of a DM, or of a room with its id) is fetched again. */
function onMemoryChanged(
  { client }: ChatEventContext,
  { conversationId, personaId }: ServerEventPayload<'memoryChanged'>,
) {
  void client.invalidateQueries({ queryKey: chatKeys.memory(conversationId, personaId) });
}

/** The chat's handler of each server event it listens to, bound to one context. */
export function chatEventHandlers(context: ChatEventContext): ServerEventHandlers {
  return {
    newMessage: (message) => onNewMessage(context, message),
    messagesSeen: (seen) => onMessagesSeen(context, seen),
    messageChanged: (changed) => onMessagePatched(context, changed, { text: changed.text }, true),
    messageEdited: (edited) =>
      onMessagePatched(context, edited, { text: edited.text, editedAt: edited.editedAt }, true),
    messageDeleted: (deleted) => onMessagePatched(context, deleted, DELETED, true),
    reactionsChanged: (changed) =>
      onMessagePatched(
        context,
        changed,
        { reactions: changed.reactions.length ? changed.reactions : undefined },
        false,
      ),
    messageError: ({ error }) => context.showError(error),
    aiReplyStart: (start) => onReplyStart(context, start),
    aiReplyDelta: (piece) => onReplyDelta(context, piece),
    aiReplyError: (failure) => onReplyError(context, failure),
    memoryChanged: (changed) => onMemoryChanged(context, changed),
    blocksChanged: () => refetchAfterBlocksChanged(context.client),
    ...roomEventHandlers(context),
  };
}
