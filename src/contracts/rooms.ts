import { z } from 'zod';
import { AiReplyInProgress, LatestMessage, SendMessageRequest } from './messages.js';
import { requiredText } from './required-text.js';
import { LIMITS, normalizeUsername } from './rules.js';

/**
 * Rooms (issue 43): one conversation with several people and personas. A room is a conversation like a DM (its
 * messages, search and forwarding are the same), with members instead of a pair.
 */
export const ROOM_LIMITS = {
  nameMax: 60,
  /** People in a room, the owner included. */
  peopleMin: 2,
  peopleMax: 50,
  personasMax: 5,
  /** Persona turns one human message may set off in free mode. */
  personaTurnsDefault: 3,
  personaTurnsMax: 6,
  /** Usernames one invitation may name. */
  inviteMax: 49,
} as const;

/**
 * Who speaks after a human message: `mentioned`, only @named personas; `one`, one persona (the @named one, else
 * the most relevant or the one whose turn it is); `free`, personas may answer each other, up to the room's
 * persona turns per human message.
 */
export const ReplyMode = z.enum(['mentioned', 'one', 'free'], {
  error: 'replyMode must be mentioned, one or free',
});
export type ReplyMode = z.infer<typeof ReplyMode>;

export const ROOM_ERRORS = {
  notFound: 'Room not found',
  ownerOnly: 'Only the room’s owner can do that',
  tooFewPeople: `A room needs at least ${ROOM_LIMITS.peopleMin} people, you included`,
  tooManyPeople: `A room holds at most ${ROOM_LIMITS.peopleMax} people`,
  tooManyPersonas: `A room holds at most ${ROOM_LIMITS.personasMax} personas`,
  noSuchUser: (username: string) => `No one is called @${username}`,
  noSuchPersona: (username: string) => `No persona is called @${username}`,
  notPerson: (username: string) => `@${username} is a persona: add it as a persona`,
  privatePersona: (username: string) => `@${username} is not a persona you can add`,
  cannotAdd: (username: string) => `@${username} cannot be added to this room`,
  notMember: 'That member is not in this room',
  ownerLeaves: 'Hand the room over to another member before you leave',
  ownerToPerson: 'Only a person in the room can own it',
  notPersonaMember: 'That persona is not in this room',
  nothingToStop: 'No persona is speaking in this room',
  mayNotStop: 'Only the person whose message a persona answers, or the owner, can stop it',
  leftRoom: 'You left this room',
  tooFast: 'You are changing rooms too fast. Please wait a moment and try again.',
} as const;

const roomName = requiredText('Room name', ROOM_LIMITS.nameMax);

const username = z
  .string({ error: 'Usernames must be text' })
  .transform((name) => normalizeUsername(name).replace(/^@/, ''))
  .pipe(z.string().min(1, 'Enter a username').max(LIMITS.usernameMax, 'No one has that username'));

const usernames = (max: number, what: string) =>
  z.array(username, { error: `${what} must be a list of usernames` }).max(max, `At most ${max} ${what}`);

/** POST /api/rooms: the creator is the owner and a member; `people` are the others. */
export const CreateRoomRequest = z.object({
  name: roomName,
  people: usernames(ROOM_LIMITS.peopleMax - 1, 'people').min(
    ROOM_LIMITS.peopleMin - 1,
    ROOM_LIMITS.peopleMin === 2 ? 'Add at least one person' : 'Add more people',
  ),
  personas: usernames(ROOM_LIMITS.personasMax, 'personas').default([]),
  replyMode: ReplyMode.default('one'),
});
export type CreateRoomRequest = z.input<typeof CreateRoomRequest>;

/** PATCH /api/rooms/:roomId (owner only): any of the room's settings. */
export const UpdateRoomRequest = z
  .object({
    name: roomName.optional(),
    replyMode: ReplyMode.optional(),
    personaTurns: z
      .number({ error: 'personaTurns must be a number' })
      .int('personaTurns must be a whole number')
      .min(1, 'personaTurns must be at least 1')
      .max(ROOM_LIMITS.personaTurnsMax, `personaTurns must be at most ${ROOM_LIMITS.personaTurnsMax}`)
      .optional(),
    memoryOn: z.boolean({ error: 'memoryOn must be true or false' }).optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'Nothing to change');
export type UpdateRoomRequest = z.input<typeof UpdateRoomRequest>;

/** POST /api/rooms/:roomId/members (owner only): people and personas to add, by username. */
export const AddMembersRequest = z
  .object({
    people: usernames(ROOM_LIMITS.inviteMax, 'people').default([]),
    personas: usernames(ROOM_LIMITS.personasMax, 'personas').default([]),
  })
  .refine((add) => add.people.length + add.personas.length > 0, 'Name someone to add');
export type AddMembersRequest = z.input<typeof AddMembersRequest>;

/** PUT /api/rooms/:roomId/owner (owner only): hands the room to another person in it. */
export const TransferOwnerRequest = z.object({
  memberId: z.string({ error: 'memberId is required' }).min(1, 'memberId is required'),
});
export type TransferOwnerRequest = z.infer<typeof TransferOwnerRequest>;

/** PUT /api/rooms/:roomId/personas/:personaId/bench (owner only). */
export const BenchRequest = z.object({ benched: z.boolean({ error: 'benched must be true or false' }) });
export type BenchRequest = z.infer<typeof BenchRequest>;

/** POST /api/rooms/:roomId/messages, and the sendRoomMessage socket event (with roomId). */
export const SendRoomMessageRequest = z.object({
  message: SendMessageRequest.shape.message,
  clientMessageId: SendMessageRequest.shape.clientMessageId,
});
export type SendRoomMessageRequest = z.input<typeof SendRoomMessageRequest>;

/** POST /api/rooms/:roomId/forward: a message the person may read, sent into the room quoted with its first author. */
export const ForwardToRoomRequest = z.object({
  messageId: z.string({ error: 'messageId is required' }).trim().min(1, 'messageId is required'),
  clientMessageId: SendMessageRequest.shape.clientMessageId,
});
export type ForwardToRoomRequest = z.input<typeof ForwardToRoomRequest>;

/** POST /api/rooms/:roomId/read: the person has read the room up to this message. */
export const RoomReadRequest = z.object({
  messageId: z.string({ error: 'messageId is required' }).min(1, 'messageId is required'),
});
export type RoomReadRequest = z.infer<typeof RoomReadRequest>;

export const RoomMember = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  profilePic: z.string(),
  isAi: z.boolean(),
  /** A benched persona stays in the room but does not speak. */
  benched: z.boolean(),
  /**
   * The newest message this person has read, shown only when both they and the reader keep read receipts on
   * ('' when they read nothing yet); absent otherwise and for personas.
   */
  readUpTo: z.string().optional(),
  /** Read-aloud voice of a persona (everyone hears it in it); '' for the browser's default. */
  voiceName: z.string(),
  voiceRate: z.number(),
  voicePitch: z.number(),
  deleted: z.literal(true).optional(),
});
export type RoomMember = z.infer<typeof RoomMember>;

/** GET /api/rooms/:roomId: a room as one of its members sees it. */
export const Room = z.object({
  _id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  replyMode: ReplyMode,
  personaTurns: z.number().int(),
  memoryOn: z.boolean(),
  members: z.array(RoomMember),
  /** When the reader joined: they read the room's messages from then on. */
  joinedAt: z.string(),
  muted: z.boolean(),
  /** The reader left (or was removed): the room is read-only, up to then. */
  left: z.boolean(),
  /**
   * A persona speaking now, with its text so far, so a tab that opens mid-turn shows it and streams on (known to
   * the process running the turn; absent elsewhere and when nobody speaks).
   */
  speaking: AiReplyInProgress.extend({ triggeredBy: z.string() }).optional(),
});
export type Room = z.infer<typeof Room>;

/** One room in the inbox, beside the DMs. */
export const RoomSummary = z.object({
  _id: z.string(),
  name: z.string(),
  memberCount: z.number().int(),
  latestMessage: LatestMessage.omit({ seen: true }),
  updatedAt: z.string(),
  unreadCount: z.number().int().min(0),
  muted: z.boolean(),
});
export type RoomSummary = z.infer<typeof RoomSummary>;

export const RoomList = z.array(RoomSummary);

/** POST /api/rooms/:roomId/stop: the persona speaking stops, and nobody speaks after it for that message. */
export const StopRoomResponse = z.object({ stopped: z.boolean() });
export type StopRoomResponse = z.infer<typeof StopRoomResponse>;

/** The socket.io room of a room's sockets: one fan-out per message, whatever the number of members. */
export function roomChannel(roomId: string): string {
  return `room:${roomId}`;
}

/** Which personas a text @names, by username, in the order named. */
export function mentionedUsernames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/(?:^|[^A-Za-z0-9_])@([A-Za-z0-9_]{1,30})/g)) {
    const name = match[1]?.toLowerCase();
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}
