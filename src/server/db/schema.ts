import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Booleans are stored as 0/1 so SQLite and PostgreSQL share one code path. */
export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  name: string;
  username: string;
  email: string;
  bio: Generated<string>;
  passwordHash: string;
  profilePic: Generated<string>;
  prompt: Generated<string>;
  memory: Generated<string>;
  /** A persona's first message in each new conversation ('' for none). */
  openingMessage: Generated<string>;
  tag: Generated<string>;
  createdByUsername: Generated<string>;
  isAi: Generated<Flag>;
  isFrozen: Generated<Flag>;
  /** 1: the person sends and sees seen marks; 0: neither (their choice in profile edit). */
  readReceipts: Generated<Flag>;
  /**
   * Read-aloud voice (migration 020): a persona's is heard by everyone who reads its messages; a person's is the
   * voice they hear people's messages in. '' names the browser's default en-US voice.
   */
  voiceName: Generated<string>;
  voiceRate: Generated<number>;
  voicePitch: Generated<number>;
  /** Moderation (migration 025): a moderator's role, set by the operator (`npm run moderator`). */
  isModerator: Generated<Flag>;
  /**
   * Why isFrozen is 1: 'moderator' (a persona frozen), 'suspension' (the person or their creator suspended),
   * 'deleted' (the account, or its creator's, was deleted: see deletedAt).
   */
  frozenBy: Generated<'' | 'moderator' | 'suspension' | 'deleted'>;
  /** The moderator's reason, told to a frozen persona's creator. */
  frozenReason: Generated<string>;
  /** A suspended person's end of suspension (ISO time), 'never', or '' when not suspended. */
  suspendedUntil: Generated<string>;
  /** A persona's content rating (migration 026); mature ones are shown only to people who chose to see them. */
  rating: Generated<'general' | 'mature'>;
  /** 1: this person chose to see mature personas (off by default). */
  showMature: Generated<Flag>;
  /**
   * When the account was deleted (migration 027), '' while it lives. A deleted row is emptied and frozen; it stays
   * so the messages it delivered keep a sender, and it holds its username until the waiting period is over.
   */
  deletedAt: Generated<string>;
  /** ISO 8601 UTC timestamps: sortable as text on both engines. */
  createdAt: string;
  updatedAt: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  tokenHash: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
}

export interface ConversationsTable {
  id: string;
  /**
   * The pair's two user ids in sorted order, so one pair has one conversation. A room's row names the room's own
   * id as both (migration 029): it is nobody's DM.
   */
  userLow: string;
  userHigh: string;
  lastText: Generated<string>;
  lastSenderId: Generated<string>;
  lastSeen: Generated<Flag>;
  /** Text an AI persona keeps as memory of this conversation ('.' clears it). */
  context: Generated<string>;
  /** Messages before this time are forgotten by an AI persona (set when the context is cleared). */
  memoryFrom: Generated<string>;
  /** 1: the persona keeps and uses memory items for this person; 0: the person switched that off. */
  memoryOn: Generated<Flag>;
  /** Messages from user_high that user_low has not seen yet (and the reverse): kept with each write. */
  unreadLow: Generated<number>;
  unreadHigh: Generated<number>;
  /**
   * The smallest id of a message from the other side that user_low (user_high) may not have seen; '' when none.
   * Seen marks walk the conversation's messages from here instead of keeping an index of unseen ones.
   */
  unseenFromLow: Generated<string>;
  unseenFromHigh: Generated<string>;
  /** 1: user_low (user_high) muted this conversation: counted as unread, never announced (migration 024). */
  mutedLow: Generated<Flag>;
  mutedHigh: Generated<Flag>;
  createdAt: string;
  updatedAt: string;
}

export interface MessagesTable {
  id: string;
  conversationId: string;
  senderId: string;
  text: string;
  seen: Generated<Flag>;
  createdAt: string;
  /** The sender's idempotency key (clientMessageId), unique per sender; null for persona replies. */
  clientId: Generated<string | null>;
  /** The username of whoever wrote a forwarded message first; '' when the sender wrote it. */
  forwardedFrom: Generated<string>;
  /** When its author last edited it ('' for never; migration 030). */
  editedAt: Generated<string>;
  /** 1 once its author deleted it for everyone: the row stays, its text is emptied. */
  deleted: Generated<Flag>;
}

/** One person's reaction with one emoji on one message (migration 030). */
export interface MessageReactionsTable {
  messageId: string;
  userId: string;
  emoji: string;
  createdAt: string;
}

export interface ActionsTable {
  id: string;
  userId: string;
  type: 'prompt' | 'note';
  title: string;
  /** Always stored empty (SPEC §3); kept for the SPEC's payload shape. */
  description: Generated<string>;
  memory: string;
  pinned: Generated<Flag>;
  createdAt: string;
  updatedAt: string;
}

export interface DiscussionsTable {
  id: string;
  userId: string;
  topic: string;
  seatIds: string;
  status: 'running' | 'paused' | 'stopped' | 'finished' | 'failed';
  nextSpeakerId: string | null;
  turnsLeft: number;
  error: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

export interface DiscussionTurnsTable {
  id: string;
  discussionId: string;
  speakerId: string;
  speakerKind: 'persona' | 'user';
  text: string;
  /** 1 when the turn was stopped or failed before it was finished: `text` is what was said until then. */
  cutShort: number;
  createdAt: string;
}

/** SQLite only (migration 011): a stable integer key per persona, the rowid its persona_search entry has. */
export interface PersonaSearchRowsTable {
  searchRowid: Generated<number>;
  userId: string;
  username: string;
}

/**
 * SQLite only (migrations 011 and 021): the FTS5 trigram index of personas' searched text and their tab (written
 * `{tag}`); triggers on users fill it.
 */
export interface PersonaSearchTable {
  rowid: number;
  name: string;
  username: string;
  bio: string;
  tag: string;
}

/** Facts a persona remembers of the person in one conversation (migration 018). */
export interface MemoryItemsTable {
  id: string;
  conversationId: string;
  /** In a room, which persona remembers it ('' in a DM, where there is one). */
  personaId: Generated<string>;
  text: string;
  source: 'ai' | 'person';
  createdAt: string;
  updatedAt: string;
  /** The persona reply whose exchange this fact was taken from ('' for one a person wrote; migration 030). */
  sourceMessageId: Generated<string>;
}

/** A room's settings (migration 029); its messages are its conversation's. */
export interface RoomsTable {
  /** The room's conversation id. */
  id: string;
  name: string;
  ownerId: string;
  replyMode: 'mentioned' | 'one' | 'free';
  /** Persona turns one human message may set off in free mode. */
  personaTurns: number;
  createdAt: string;
}

/** A member of a room, person or persona; kept after they leave (leftAt), so they may still read up to then. */
export interface RoomMembersTable {
  roomId: string;
  memberId: string;
  isAi: Flag;
  joinedAt: string;
  /** '' while they are in the room. */
  leftAt: Generated<string>;
  /** The newest message id they have read, '' for none. */
  readUpTo: Generated<string>;
  benched: Generated<Flag>;
  muted: Generated<Flag>;
}

/** `blockerId` blocked `blockedId` (migration 024): both people, never personas. */
export interface BlocksTable {
  blockerId: string;
  blockedId: string;
  createdAt: string;
}

export type ReportKind = 'persona' | 'message' | 'person';

/** A report of a persona, a message or a person (migration 025), with a snapshot of what was reported. */
export interface ReportsTable {
  id: string;
  reporterId: string;
  kind: ReportKind;
  /** The persona's, message's or person's id. */
  targetId: string;
  /** Whose it is: the persona, the message's sender, the person (reports are counted per target user). */
  targetUserId: string;
  reason: string;
  note: string;
  /** JSON of the contracts' ReportSnapshot. */
  snapshot: string;
  status: 'open' | 'dismissed' | 'actioned';
  createdAt: string;
  resolvedAt: Generated<string>;
}

/** One moderator action (migration 025); the database refuses any change or deletion of these rows. */
export interface ModerationActionsTable {
  id: string;
  moderatorId: string;
  moderatorUsername: string;
  action: string;
  targetKind: string;
  targetId: string;
  /** What the target was called when acted on (@username, or a message's first words). */
  targetLabel: string;
  reason: string;
  createdAt: string;
}

/** Uploaded pictures, by their content-hashed file name (`<sha256>.<ext>`). */
export interface PicturesTable {
  name: string;
  contentType: string;
  bytes: Buffer;
  createdAt: string;
}

/** A device a person turned notifications on for (migration 031). */
export interface PushSubscriptionsTable {
  id: string;
  userId: string;
  /** The push service's URL for this device; unique. */
  endpoint: string;
  /** The device's keys (base64url) the payload is encrypted for. */
  p256dh: string;
  auth: string;
  createdAt: string;
  /** When a push to it was last accepted; '' for never. */
  lastSuccessAt: Generated<string>;
}

export interface Database {
  pushSubscriptions: PushSubscriptionsTable;
  rooms: RoomsTable;
  roomMembers: RoomMembersTable;
  reports: ReportsTable;
  moderationActions: ModerationActionsTable;
  blocks: BlocksTable;
  memoryItems: MemoryItemsTable;
  pictures: PicturesTable;
  discussions: DiscussionsTable;
  discussionTurns: DiscussionTurnsTable;
  actions: ActionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  messageReactions: MessageReactionsTable;
  personaSearch: PersonaSearchTable;
  personaSearchRows: PersonaSearchRowsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type RoomRow = Selectable<RoomsTable>;
export type RoomMemberRow = Selectable<RoomMembersTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type ActionRow = Selectable<ActionsTable>;
export type MemoryItemRow = Selectable<MemoryItemsTable>;
export type DiscussionRow = Selectable<DiscussionsTable>;
export type DiscussionTurnRow = Selectable<DiscussionTurnsTable>;
