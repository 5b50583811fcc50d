import { z } from 'zod';
import { Discussion, Turn } from './charioteer.js';
import { Refusal } from './errors.js';
import { Message, MessageReactions, SendMessageRequest } from './messages.js';
import { ArchiveProgress } from './my-data.js';
import { SendRoomMessageRequest } from './rooms.js';

/**
 * The one wire contract of socket.io: every event in both directions is a schema here. Both sides validate
 * what arrives with it (the server the client's events, the web the server's), and the socket types below
 * are derived from it, so neither side can declare a payload of its own.
 */

const Id = z.string().min(1);

/** Payload of markMessagesAsSeen; userId is optional and, when sent, must be the signed-in user. */
export const MarkMessagesAsSeenPayload = z.object({ conversationId: Id, userId: z.string().optional() });
export type MarkMessagesAsSeenPayload = z.infer<typeof MarkMessagesAsSeenPayload>;

export const MessagesSeenPayload = z.object({
  conversationId: Id,
  /** Who read the messages: every message not sent by this user is now seen. */
  seenBy: Id,
});
export type MessagesSeenPayload = z.infer<typeof MessagesSeenPayload>;

export const AiReplyStart = z.object({
  conversationId: Id,
  /** The id the stored reply will have. */
  replyId: Id,
  personaId: Id,
  /** In a room: the person whose message the persona answers (they, or the owner, may stop it). */
  triggeredBy: Id.optional(),
});
export type AiReplyStart = z.infer<typeof AiReplyStart>;

export const AiReplyDelta = z.object({
  conversationId: Id,
  replyId: Id,
  delta: z.string(),
  /** Where the delta starts in the reply's text, so a tab that fetched the text so far can join without gaps. */
  offset: z.number().int().min(0).optional(),
});
export type AiReplyDelta = z.infer<typeof AiReplyDelta>;

/** Out of AI budget (`ai_rate_limited`), it says when the next reply fits (`retryAfterMs`). */
export const AiReplyError = Refusal.extend({ conversationId: Id, replyId: Id });
export type AiReplyError = z.infer<typeof AiReplyError>;

/**
 * The answer to sendMessage: the stored message, or why it was not sent. A refusal that retrying cures
 * (`server_busy`, `rate_limited`, `too_many_events`) says after how many milliseconds to retry.
 */
export const SendMessageAck = z.union([z.object({ message: Message }), Refusal]);
export type SendMessageAck = z.infer<typeof SendMessageAck>;

/** Events the server sends (SPEC §7 Realtime, plus presence deltas and errors), by name. */
export const ServerEvents = {
  /** The full list of online user ids, sent to a socket when it connects. */
  getOnlineUsers: z.array(Id),
  /** Presence changes after that: a user's first tab opened or last tab closed. */
  userOnline: Id,
  userOffline: Id,
  newMessage: Message,
  messagesSeen: MessagesSeenPayload,
  /** A stored message's text changed (a moderator removed it): every open view shows its text as it is now. */
  messageChanged: z.object({ conversationId: Id, messageId: Id, text: z.string() }),
  /** Its author edited a message: every open view shows the new text, marked edited. */
  messageEdited: z.object({ conversationId: Id, messageId: Id, text: z.string(), editedAt: z.string() }),
  /** Its author deleted a message for everyone: every open view shows "message deleted" in its place. */
  messageDeleted: z.object({ conversationId: Id, messageId: Id }),
  /** Someone added or took back a reaction: the message's reactions as they are now. */
  reactionsChanged: MessageReactions,
  /** A persona began answering in a conversation; deltas and then newMessage (or aiReplyError) follow. */
  aiReplyStart: AiReplyStart,
  /** The next piece of a persona's answer as it is generated. */
  aiReplyDelta: AiReplyDelta,
  /** A persona's answer failed; nothing was stored, the user's message stays. */
  aiReplyError: AiReplyError,
  /** Charioteer: a seat began speaking; deltas and then charioteerTurn follow. */
  charioteerTurnStart: z.object({ discussionId: Id, turnId: Id, speakerId: Id }),
  charioteerTurnDelta: z.object({ discussionId: Id, turnId: Id, delta: z.string() }),
  /** A turn was stored: a persona's finished answer or the user's own message. */
  charioteerTurn: z.object({ discussionId: Id, turn: Turn }),
  /** The discussion changed state (running, paused, stopped, finished, failed with error). */
  charioteerStatus: z.object({ discussionId: Id, discussion: Discussion }),
  /** What a persona remembers in this conversation changed (a reply added facts, another tab edited them). */
  memoryChanged: z.object({ conversationId: Id, personaId: Id.optional() }),
  /** This person blocked or unblocked someone (in any tab): lists, the directory and search read again. */
  blocksChanged: z.object({}),
  /** This person's data archive is being written: how many of their messages it holds so far. */
  archiveProgress: ArchiveProgress,
  /** A room's members or settings changed: its members' tabs read it again. */
  roomChanged: z.object({ roomId: Id }),
  /** The reader is no longer in this room (removed, or left in another tab): it is read-only from now on. */
  roomRemoved: z.object({ roomId: Id }),
  /** A member read a room up to a message (told only when their read receipts are on). */
  roomRead: z.object({ roomId: Id, userId: Id, messageId: Id }),
  /** A member is typing in a room (sent again every few seconds while they type). */
  typing: z.object({ conversationId: Id, userId: Id }),
  /** Something this user asked for over the socket was refused (rate limit, not a participant…). */
  messageError: Refusal,
  /**
   * Events between server processes were interrupted (Redis was unreachable) and flow again: this tab may
   * have missed some, so it re-reads what it shows, as after a reconnect. A fresh getOnlineUsers follows.
   */
  resync: z.object({ reason: z.literal('fanout_resumed') }),
} satisfies Record<string, z.ZodType>;

/** Events the client sends, by name; sendMessage is answered through its acknowledgement. */
export const ClientEvents = {
  markMessagesAsSeen: MarkMessagesAsSeenPayload,
  /** The same as POST /api/messages. */
  sendMessage: SendMessageRequest,
  /** The same as POST /api/rooms/:roomId/messages. */
  sendRoomMessage: SendRoomMessageRequest.extend({ roomId: Id }),
  /** The same as POST /api/rooms/:roomId/read. */
  markRoomRead: z.object({ roomId: Id, messageId: Id }),
  /** The person is typing in a room they are in. */
  typing: z.object({ conversationId: Id }),
  /** The tab is on screen or not (document.visibilityState): a person with no visible tab gets notifications. */
  visibility: z.object({ visible: z.boolean() }),
} satisfies Record<string, z.ZodType>;

export type ServerEventName = keyof typeof ServerEvents;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof ServerEvents)[E]>;

export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
};

export interface ClientToServerEvents {
  markMessagesAsSeen: (payload: z.input<typeof MarkMessagesAsSeenPayload>) => void;
  sendMessage: (payload: z.input<typeof SendMessageRequest>, ack: (answer: SendMessageAck) => void) => void;
  sendRoomMessage: (
    payload: z.input<typeof ClientEvents.sendRoomMessage>,
    ack: (answer: SendMessageAck) => void,
  ) => void;
  markRoomRead: (payload: z.input<typeof ClientEvents.markRoomRead>) => void;
  typing: (payload: z.input<typeof ClientEvents.typing>) => void;
  visibility: (payload: z.input<typeof ClientEvents.visibility>) => void;
}

/** socket.io client options from SPEC §9. */
export const SOCKET_CLIENT_OPTIONS = {
  timeout: 20_000,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
} as const;

/** The room every socket of one user joins, in every process. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}
