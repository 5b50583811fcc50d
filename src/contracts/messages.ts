import { z } from 'zod';
import { pageQuery } from './paging.js';
import { requiredText } from './required-text.js';
import { LIMITS, normalizeUsername } from './rules.js';

/** Limits for direct messages (SPEC §9 previews, our own size and paging limits). */
export const MESSAGE_LIMITS = {
  textMax: 5000,
  pageSize: 50,
  pageSizeMax: 200,
  previewChars: 100,
  contextMax: 10000,
  /**
   * How long after sending a message its author may still edit it: long enough to fix a typo noticed later, short
   * enough that a conversation's history stays trustworthy. Deleting has no window.
   */
  editWindowMs: 24 * 60 * 60 * 1000,
  /** Who reacted with one emoji is listed up to this many people (the count goes on). */
  reactionPeopleMax: 50,
} as const;

/** The reactions a person may put on a message: a fixed set, so a reaction is a signal and never a message. */
export const REACTION_EMOJI = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;
export const ReactionEmoji = z.enum(REACTION_EMOJI, {
  error: `A reaction is one of ${REACTION_EMOJI.join(' ')}`,
});
export type ReactionEmoji = z.infer<typeof ReactionEmoji>;

/** One emoji's reactions on a message: how many, and who (the first reactionPeopleMax of them). */
export const Reaction = z.object({
  emoji: ReactionEmoji,
  count: z.number().int().min(1),
  people: z.array(z.object({ _id: z.string(), username: z.string() })).max(MESSAGE_LIMITS.reactionPeopleMax),
});
export type Reaction = z.infer<typeof Reaction>;

/** Typing this phrase in the composer clears local history and sends nothing (SPEC §5). */
export const CLEAN_SLATE_PHRASE = 'clean slate';

/** The context value that clears an AI conversation's memory (SPEC §7). */
export const CLEARED_CONTEXT = '.';

const messageText = requiredText('Message', MESSAGE_LIMITS.textMax);

const HEX_BYTE = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const ID_RANDOM_BYTES = 10;
/** Random bytes for this many ids are drawn at once: one draw per id was most of an id's cost. */
const IDS_PER_DRAW = 256;
let randomPool = new Uint8Array(0);
let poolOffset = 0;

/**
 * A clientMessageId as the web app makes one: the time in milliseconds (12 hex digits), then 80 random bits.
 * Unique, and in time order, so the server's index of these ids grows at one end. (crypto.randomUUID needs a
 * secure context, and the app may be served over plain http.)
 */
export function newClientMessageId(now = Date.now()): string {
  if (poolOffset + ID_RANDOM_BYTES > randomPool.length) {
    randomPool = crypto.getRandomValues(new Uint8Array(ID_RANDOM_BYTES * IDS_PER_DRAW));
    poolOffset = 0;
  }
  let id = now.toString(16).padStart(12, '0');
  for (const byte of randomPool.subarray(poolOffset, poolOffset + ID_RANDOM_BYTES))
    id += HEX_BYTE[byte] ?? '';
  poolOffset += ID_RANDOM_BYTES;
  return id;
}

/** POST /api/messages. senderId is accepted for compatibility but must be the signed-in user. */
export const SendMessageRequest = z.object({
  message: messageText,
  recipientId: z.string({ error: 'recipientId is required' }).trim().min(1, 'recipientId is required'),
  senderId: z.string().optional(),
  /**
   * The client's own id for this message (an idempotency key, unique per sender): sending again with the
   * same id, after an answer that never came, returns the stored message instead of storing a second one.
   */
  clientMessageId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'clientMessageId must be 8 to 64 letters, digits, - or _')
    .optional(),
});
export type SendMessageRequest = z.input<typeof SendMessageRequest>;

export const Message = z.object({
  _id: z.string(),
  conversationId: z.string(),
  sender: z.string(),
  text: z.string(),
  createdAt: z.string(),
  seen: z.boolean(),
  /** A forwarded message: the username of whoever wrote it first. */
  forwardedFrom: z.string().optional(),
  /** When its author last edited it; absent when never edited. */
  editedAt: z.string().optional(),
  /** Its author deleted it for everyone: its text is '' and it is shown as "message deleted". */
  deleted: z.literal(true).optional(),
  /** Reactions by emoji, in the set's order; absent when there are none. */
  reactions: z.array(Reaction).max(REACTION_EMOJI.length).optional(),
});
export type Message = z.infer<typeof Message>;

/** PATCH /api/messages/:messageId: the new text of one's own message (the same limits as sending). */
export const EditMessageRequest = z.object({ text: messageText });
export type EditMessageRequest = z.input<typeof EditMessageRequest>;

/** A message's reactions now: the answer to a reaction call, and the reactionsChanged event. */
export const MessageReactions = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  reactions: z.array(Reaction).max(REACTION_EMOJI.length),
});
export type MessageReactions = z.infer<typeof MessageReactions>;

/**
 * POST /api/messages/forward: sends a message the person can read (theirs, the other side's or a persona's)
 * to someone by username, quoted with who wrote it first.
 */
export const ForwardMessageRequest = z.object({
  messageId: z.string({ error: 'messageId is required' }).trim().min(1, 'messageId is required'),
  toUsername: z
    .string({ error: 'Enter a username to forward to' })
    .transform((name) => normalizeUsername(name).replace(/^@/, ''))
    .pipe(
      z.string().min(1, 'Enter a username to forward to').max(LIMITS.usernameMax, 'No one has that username'),
    ),
  clientMessageId: SendMessageRequest.shape.clientMessageId,
});
export type ForwardMessageRequest = z.input<typeof ForwardMessageRequest>;

export const MessageList = z.array(Message);

/** GET /api/messages/:otherUserId query: `before` pages back from a message id. */
export const MessagePageQuery = pageQuery(MESSAGE_LIMITS);

export const ConversationParticipant = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  profilePic: z.string(),
  isAi: z.boolean(),
  /** The account was deleted: the conversation stays readable, shown as with "deleted account". */
  deleted: z.literal(true).optional(),
});
export type ConversationParticipant = z.infer<typeof ConversationParticipant>;

export const LatestMessage = z.object({
  text: z.string(),
  sender: z.string(),
  seen: z.boolean(),
  /** The latest message was deleted for everyone: the preview says "message deleted". */
  deleted: z.literal(true).optional(),
});

/** A conversation as its participant sees it: `participants` holds the other party. */
export const Conversation = z.object({
  _id: z.string(),
  participants: z.array(ConversationParticipant),
  latestMessage: LatestMessage,
  updatedAt: z.string(),
  context: z.string(),
  unreadCount: z.number().int().min(0),
  /** Muted by the reader: it stays in the list, its unread messages are counted but not announced. */
  muted: z.boolean(),
});
export type Conversation = z.infer<typeof Conversation>;

export const ConversationList = z.array(Conversation);

export const UpdateConversationRequest = z.object({
  context: z
    .string({ error: 'context is required' })
    .max(MESSAGE_LIMITS.contextMax, `Context must be at most ${MESSAGE_LIMITS.contextMax} characters`),
});
export type UpdateConversationRequest = z.infer<typeof UpdateConversationRequest>;

export const UpdateConversationResponse = z.object({ _id: z.string(), context: z.string() });
export type UpdateConversationResponse = z.infer<typeof UpdateConversationResponse>;

/** POST /api/messages/conversations/:conversationId/regenerate: the persona answers the last message again. */
export const RegenerateReplyResponse = z.object({ conversationId: z.string() });
export type RegenerateReplyResponse = z.infer<typeof RegenerateReplyResponse>;

/** A persona's reply being written now, with its (sanitised) text so far, for a tab that joins mid-stream. */
export const AiReplyInProgress = z.object({
  conversationId: z.string(),
  replyId: z.string(),
  personaId: z.string(),
  text: z.string(),
});
export type AiReplyInProgress = z.infer<typeof AiReplyInProgress>;

/** GET /api/messages/ai-replies: the signed-in person's persona replies being written now. */
export const AiRepliesInProgress = z.array(AiReplyInProgress);
