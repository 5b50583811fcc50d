import type { ConversationMemory, MemoryItem } from '../../contracts/memory.js';
import type { AiReplyInProgress, Conversation, Message } from '../../contracts/messages.js';
import type { Room, RoomMember, RoomSummary } from '../../contracts/rooms.js';
import type { ProfileResponse } from '../../contracts/users.js';
import { mockApi, type RecordedCall } from './fetch-mock.js';
import { buildProfile, buildSelfUser } from './fixtures.js';

type Reply = { status: number; body?: unknown } | 'network-error';

/** The signed-in user of chat tests, and two people to talk to. */
export const ME = buildSelfUser();
export const GRACE = buildProfile();
export const AI = buildProfile({
  _id: '0190a0b0-0000-7000-8000-0000000000a1',
  name: 'Assistant',
  username: 'ai',
  isAi: true,
});

let sequence = 0;

/** A message with a fresh id (ids sort by creation, like UUIDv7). */
export function buildMessage(overrides: Partial<Message> = {}): Message {
  sequence += 1;
  return {
    _id: `0190a0b0-1000-7000-8000-${String(sequence).padStart(12, '0')}`,
    conversationId: 'conv-grace',
    sender: GRACE._id,
    text: `Message ${sequence}`,
    createdAt: new Date(Date.UTC(2024, 4, 7, 12, 0, sequence)).toISOString(),
    seen: false,
    ...overrides,
  };
}

/** A conversation as the server lists it for ME, with `partner` as the other participant. */
export function buildConversation(
  partner: ProfileResponse,
  overrides: Partial<Conversation> = {},
): Conversation {
  return {
    _id: `conv-${partner.username}`,
    participants: [
      {
        _id: partner._id,
        username: partner.username,
        name: partner.name,
        profilePic: partner.profilePic,
        isAi: partner.isAi,
      },
    ],
    latestMessage: { text: 'Hello there', sender: partner._id, seen: false },
    updatedAt: '2024-05-07T12:00:00.000Z',
    context: '',
    unreadCount: 0,
    muted: false,
    ...overrides,
  };
}

/** A room member made from a profile: a person (read position given) or a persona with its voice. */
export function buildMember(profile: ProfileResponse, overrides: Partial<RoomMember> = {}): RoomMember {
  return {
    _id: profile._id,
    username: profile.username,
    name: profile.name,
    profilePic: profile.profilePic,
    isAi: profile.isAi,
    benched: false,
    ...(profile.isAi ? {} : { readUpTo: '' }),
    voiceName: '',
    voiceRate: 1,
    voicePitch: 0.8,
    ...overrides,
  };
}

/** A room ME owns with GRACE and the AI persona in it, as GET /api/rooms/:roomId answers. */
export function buildRoom(overrides: Partial<Room> = {}): Room {
  return {
    _id: 'room-book-club',
    name: 'Book club',
    ownerId: ME._id,
    replyMode: 'one',
    personaTurns: 3,
    memoryOn: true,
    members: [buildMember(ME), buildMember(GRACE), buildMember(AI)],
    joinedAt: '2024-05-01T09:00:00.000Z',
    muted: false,
    left: false,
    ...overrides,
  };
}

/** A room as the inbox lists it. */
export function buildRoomSummary(room: Room, overrides: Partial<RoomSummary> = {}): RoomSummary {
  return {
    _id: room._id,
    name: room.name,
    memberCount: room.members.length,
    latestMessage: { text: 'Welcome, everyone', sender: ME._id },
    updatedAt: '2024-05-07T12:00:00.000Z',
    unreadCount: 0,
    muted: room.muted,
    ...overrides,
  };
}

export interface ChatServerState {
  profiles: ProfileResponse[];
  conversations: Conversation[];
  /** Messages by the other user's id, oldest first. */
  messages: Record<string, Message[]>;
  /** Persona replies being written, as GET /api/messages/ai-replies reports them. */
  aiReplies: AiReplyInProgress[];
  /** Ids of the people ME blocked. */
  blocked: string[];
  /** The rooms ME is in, as listed, and each one whole by id. */
  rooms: RoomSummary[];
  roomDetails: Record<string, Room>;
  /** Room messages by room id, oldest first. */
  roomMessages: Record<string, Message[]>;
  /** What each persona remembers of each room, by `${roomId} ${personaId}` (its `enabled` is the room's). */
  roomMemories: Record<string, MemoryItem[]>;
}

/** Messages `before` one id, at most `limit` of them, as the paging calls answer. */
function page(all: readonly Message[], url: URL): Message[] {
  const before = url.searchParams.get('before');
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const end = before ? all.findIndex((m) => m._id === before) : all.length;
  return all.slice(Math.max(0, end - limit), end);
}

let memorySequence = 0;

/** /api/rooms/:roomId/personas/:personaId/memory[/:itemId]: a persona's memory of the room, as members see it. */
function answerRoomMemory(state: ChatServerState, room: Room, call: RecordedCall, url: URL): Reply {
  const [, , , , , personaId, leaf, itemId] = url.pathname.split('/').map(decodeURIComponent);
  if (leaf !== 'memory' || !room.members.some((m) => m._id === personaId && m.isAi)) {
    return { status: 404, body: { error: 'That persona is not in this room', code: 'not_found' } };
  }
  const key = `${room._id} ${personaId}`;
  const items = state.roomMemories[key] ?? [];
  const text = (call.body as { text?: string } | undefined)?.text?.trim() ?? '';
  const index = items.findIndex((item) => item._id === itemId);
  if (call.method === 'GET') {
    return { status: 200, body: { enabled: room.memoryOn, items } satisfies ConversationMemory };
  }
  if (call.method === 'POST') {
    memorySequence += 1;
    const added: MemoryItem = {
      _id: `room-mem-${memorySequence}`,
      text,
      source: 'person',
      updatedAt: '2024-05-07T12:00:00.000Z',
    };
    state.roomMemories[key] = [...items, added];
    return { status: 201, body: added };
  }
  const item = items[index];
  if (!item) return { status: 404, body: { error: 'Not found', code: 'not_found' } };
  if (call.method === 'DELETE') {
    state.roomMemories[key] = items.filter((other) => other !== item);
    return { status: 204 };
  }
  const edited: MemoryItem = { ...item, text, source: 'person' };
  state.roomMemories[key] = items.map((other) => (other === item ? edited : other));
  return { status: 200, body: edited };
}

/**
 * The rooms part of the fake API: list, one room, its settings, messages, sending and forwarding into it, and its
 * personas' memory; other room calls are 404.
 */
function answerRooms(state: ChatServerState, call: RecordedCall, url: URL): Reply {
  const [, , , roomId, part] = url.pathname.split('/').map(decodeURIComponent);
  if (roomId === undefined) {
    if (call.method !== 'POST') return { status: 200, body: state.rooms };
    const { name } = call.body as { name: string };
    const room = buildRoom({ _id: `room-${state.rooms.length + 1}`, name });
    state.roomDetails[room._id] = room;
    state.rooms = [buildRoomSummary(room), ...state.rooms];
    return { status: 201, body: room };
  }
  const room = state.roomDetails[roomId];
  if (!room) return { status: 404, body: { error: 'Room not found', code: 'not_found' } };
  if (part === undefined && call.method === 'GET') return { status: 200, body: room };
  if (part === undefined && call.method === 'PATCH') {
    const changed = { ...room, ...(call.body as Partial<Room>) };
    state.roomDetails[roomId] = changed;
    return { status: 200, body: changed };
  }
  if (part === 'personas') return answerRoomMemory(state, room, call, url);
  if (part === 'forward' && call.method === 'POST') {
    const { messageId } = call.body as { messageId: string };
    const original = [...Object.values(state.messages), ...Object.values(state.roomMessages)]
      .flat()
      .find((message) => message._id === messageId);
    if (!original) return { status: 404, body: { error: 'Message not found', code: 'not_found' } };
    const forwardedFrom = [GRACE, AI, ME].find((p) => p._id === original.sender)?.username ?? 'someone';
    const sent = buildMessage({ sender: ME._id, text: original.text, conversationId: roomId, forwardedFrom });
    state.roomMessages[roomId] = [...(state.roomMessages[roomId] ?? []), sent];
    return { status: 201, body: sent };
  }
  if (part === 'messages' && call.method === 'GET') {
    return { status: 200, body: page(state.roomMessages[roomId] ?? [], url) };
  }
  if (part === 'messages' && call.method === 'POST') {
    const { message } = call.body as { message: string };
    const sent = buildMessage({ sender: ME._id, text: message, conversationId: roomId });
    state.roomMessages[roomId] = [...(state.roomMessages[roomId] ?? []), sent];
    return { status: 201, body: sent };
  }
  if (part === 'mute' && call.method === 'PUT') {
    const { muted } = call.body as { muted: boolean };
    state.roomDetails[roomId] = { ...room, muted };
    state.rooms = state.rooms.map((listed) => (listed._id === roomId ? { ...listed, muted } : listed));
    return { status: 200, body: { _id: roomId, muted } };
  }
  return { status: 404, body: { error: 'Not found', code: 'not_found' } };
}

/** Edit (PATCH), delete (DELETE) and reactions (PUT or DELETE …/reactions/:emoji) of a held DM message, as ME. */
function answerMessageChange(state: ChatServerState, call: RecordedCall, path: string): Reply {
  const [id = '', part, emoji = ''] = path.slice('/api/messages/'.length).split('/').map(decodeURIComponent);
  const held = Object.entries(state.messages).find(([, list]) => list.some((m) => m._id === id));
  const message = held?.[1].find((m) => m._id === id);
  if (!held || !message) return { status: 404, body: { error: 'Message not found' } };
  let changed: Message = message;
  if (part === 'reactions') {
    const others = (message.reactions ?? []).filter((r) => r.emoji !== emoji);
    const reaction = message.reactions?.find((r) => r.emoji === emoji);
    const people = (reaction?.people ?? []).filter((p) => p._id !== ME._id);
    if (call.method === 'PUT') people.push({ _id: ME._id, username: ME.username });
    const reactions = people.length ? [...others, { emoji, count: people.length, people }] : others;
    changed = { ...message, reactions } as Message;
  } else if (call.method === 'PATCH') {
    changed = { ...message, text: (call.body as { text: string }).text, editedAt: new Date().toISOString() };
  } else changed = { ...message, text: '', deleted: true };
  state.messages[held[0]] = held[1].map((m) => (m._id === id ? changed : m));
  if (part === 'reactions')
    return {
      status: 200,
      body: { conversationId: message.conversationId, messageId: id, reactions: changed.reactions },
    };
  return call.method === 'PATCH' ? { status: 200, body: changed } : { status: 204 };
}

/**
 * A small in-memory stand-in for the messaging API, answering like the real one (paging with
 * `before`, 404 for unknown users, 201 for a sent message). `override` answers a call first when it
 * returns something: failures, delays, or pending promises.
 */
export function fakeChatServer(
  initial: Partial<ChatServerState> = {},
  override?: (call: RecordedCall) => Reply | undefined | Promise<Reply | undefined>,
) {
  const state: ChatServerState = {
    profiles: [GRACE, AI],
    conversations: [],
    messages: {},
    aiReplies: [],
    blocked: [],
    rooms: [],
    roomDetails: {},
    roomMessages: {},
    roomMemories: {},
    ...initial,
  };

  const answer = (call: RecordedCall): Reply => {
    const url = new URL(call.path, 'http://app.test');
    const path = url.pathname;
    if (path === '/api/users/me') return { status: 200, body: ME };
    if (path === '/api/rooms' || path.startsWith('/api/rooms/')) return answerRooms(state, call, url);
    if (path.startsWith('/api/users/profile/')) {
      const query = decodeURIComponent(path.slice('/api/users/profile/'.length)).toLowerCase();
      const found = [ME, ...state.profiles].find((p) => p.username === query || p._id === query);
      return found ? { status: 200, body: found } : { status: 404, body: { error: 'User not found' } };
    }
    if (path === '/api/users/blocks') {
      const people = state.profiles.filter((p) => state.blocked.includes(p._id));
      const listed = people.map(({ _id, username, name, profilePic }) => ({
        _id,
        username,
        name,
        profilePic,
      }));
      return {
        status: 200,
        body: listed.map((person) => ({ ...person, blockedAt: '2026-12-01T10:00:00.000Z' })),
      };
    }
    if (path.startsWith('/api/users/blocks/')) {
      const id = decodeURIComponent(path.slice('/api/users/blocks/'.length));
      state.blocked = state.blocked.filter((other) => other !== id);
      if (call.method === 'PUT') state.blocked.push(id);
      return { status: 204 };
    }
    if (path.endsWith('/mute') && call.method === 'PUT') {
      const id = decodeURIComponent(path.split('/').at(-2) ?? '');
      const { muted } = call.body as { muted: boolean };
      state.conversations = state.conversations.map((c) => (c._id === id ? { ...c, muted } : c));
      return { status: 200, body: { _id: id, muted } };
    }
    if (path === '/api/messages/conversations') return { status: 200, body: state.conversations };
    if (path === '/api/messages/ai-replies') return { status: 200, body: state.aiReplies };
    if (path.endsWith('/regenerate') && call.method === 'POST') {
      const id = decodeURIComponent(path.split('/').at(-2) ?? '');
      return { status: 202, body: { conversationId: id } };
    }
    if (path.startsWith('/api/messages/conversations/updateConversation/') && call.method === 'PUT') {
      const id = decodeURIComponent(path.split('/').at(-1) ?? '');
      const { context } = call.body as { context: string };
      return { status: 200, body: { _id: id, context } };
    }
    if (path === '/api/messages' && call.method === 'POST') {
      const { message, recipientId } = call.body as { message: string; recipientId: string };
      const recipient = state.profiles.find((p) => p._id === recipientId);
      // The same id as the conversation's list entry (buildConversation), as on the real server.
      const conversationId = `conv-${recipient?.username ?? recipientId}`;
      const sent = buildMessage({ sender: ME._id, text: message, conversationId });
      state.messages[recipientId] = [...(state.messages[recipientId] ?? []), sent];
      const others = state.conversations.filter((c) => c.participants[0]?._id !== recipientId);
      if (recipient) {
        const latestMessage = { text: message, sender: ME._id, seen: false };
        state.conversations = [
          buildConversation(recipient, { latestMessage, updatedAt: sent.createdAt }),
          ...others,
        ];
      }
      return { status: 201, body: sent };
    }
    if (path.startsWith('/api/messages/') && call.method !== 'GET')
      return answerMessageChange(state, call, path);
    if (path.startsWith('/api/messages/')) {
      const other = decodeURIComponent(path.slice('/api/messages/'.length));
      return { status: 200, body: page(state.messages[other] ?? [], url) };
    }
    return { status: 404, body: { error: 'Not found' } };
  };

  const mocked = mockApi(async (call) => (await override?.(call)) ?? answer(call), { inbox: 'handler' });
  return { ...mocked, state };
}

/** Calls to one path prefix, for asserting what the app asked for. */
export function callsTo(calls: RecordedCall[], prefix: string, method = 'GET'): RecordedCall[] {
  return calls.filter((call) => call.method === method && call.path.startsWith(prefix));
}
