import { z } from 'zod';
import type { Discussion, Turn } from './charioteer.js';
import type { Message, SendMessageRequest } from './messages.js';

/** Payload of markMessagesAsSeen; userId is optional and, when sent, must be the signed-in user. */
export const MarkMessagesAsSeenPayload = z.object({
  conversationId: z.string().min(1),
  userId: z.string().optional(),
});
export type MarkMessagesAsSeenPayload = z.infer<typeof MarkMessagesAsSeenPayload>;

export interface MessagesSeenPayload {
  conversationId: string;
  /** Who read the messages: every message not sent by this user is now seen. */
  seenBy: string;
}

export interface AiReplyStart {
  conversationId: string;
  /** The id the stored reply will have. */
  replyId: string;
  personaId: string;
}

export interface AiReplyDelta {
  conversationId: string;
  replyId: string;
  delta: string;
}

export interface AiReplyError {
  conversationId: string;
  replyId: string;
  error: string;
}

export type SendMessageAck = { message: Message } | { error: string };

/** Events the server sends (SPEC §7 Realtime, plus presence deltas and errors). */
export interface ServerToClientEvents {
  /** The full list of online user ids, sent to a socket when it connects. */
  getOnlineUsers: (userIds: string[]) => void;
  /** Presence changes after that: a user's first tab opened or last tab closed. */
  userOnline: (userId: string) => void;
  userOffline: (userId: string) => void;
  newMessage: (message: Message) => void;
  messagesSeen: (payload: MessagesSeenPayload) => void;
  /** A persona began answering in a conversation; deltas and then newMessage (or aiReplyError) follow. */
  aiReplyStart: (payload: AiReplyStart) => void;
  /** The next piece of a persona's answer as it is generated. */
  aiReplyDelta: (payload: AiReplyDelta) => void;
  /** A persona's answer failed; nothing was stored, the user's message stays. */
  aiReplyError: (payload: AiReplyError) => void;
  /** Charioteer: a seat began speaking; deltas and then charioteerTurn follow. */
  charioteerTurnStart: (payload: { discussionId: string; turnId: string; speakerId: string }) => void;
  charioteerTurnDelta: (payload: { discussionId: string; turnId: string; delta: string }) => void;
  /** A turn was stored: a persona's finished answer or the user's own message. */
  charioteerTurn: (payload: { discussionId: string; turn: Turn }) => void;
  /** The discussion changed state (running, paused, stopped, finished, failed with error). */
  charioteerStatus: (payload: { discussionId: string; discussion: Discussion }) => void;
  /** Something this user asked for over the socket was refused (rate limit, not a participant…). */
  messageError: (payload: { error: string }) => void;
}

/** Events the client sends. */
export interface ClientToServerEvents {
  markMessagesAsSeen: (payload: MarkMessagesAsSeenPayload) => void;
  /** The same as POST /api/messages, answered through the acknowledgement. */
  sendMessage: (payload: SendMessageRequest, ack: (answer: SendMessageAck) => void) => void;
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
