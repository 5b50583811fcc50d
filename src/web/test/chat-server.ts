import type { AiReplyInProgress, Conversation, Message } from '../../contracts/messages.js';
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

export interface ChatServerState {
  profiles: ProfileResponse[];
  conversations: Conversation[];
  /** Messages by the other user's id, oldest first. */
  messages: Record<string, Message[]>;
  /** Persona replies being written, as GET /api/messages/ai-replies reports them. */
  aiReplies: AiReplyInProgress[];
  /** Ids of the people ME blocked. */
  blocked: string[];
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
    ...initial,
  };

  const answer = (call: RecordedCall): Reply => {
    const url = new URL(call.path, 'http://app.test');
    const path = url.pathname;
    if (path === '/api/users/me') return { status: 200, body: ME };
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
    if (path.startsWith('/api/messages/')) {
      const other = decodeURIComponent(path.slice('/api/messages/'.length));
      const all = state.messages[other] ?? [];
      const before = url.searchParams.get('before');
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const end = before ? all.findIndex((m) => m._id === before) : all.length;
      return { status: 200, body: all.slice(Math.max(0, end - limit), end) };
    }
    return { status: 404, body: { error: 'Not found' } };
  };

  const mocked = mockApi(async (call) => (await override?.(call)) ?? answer(call));
  return { ...mocked, state };
}

/** Calls to one path prefix, for asserting what the app asked for. */
export function callsTo(calls: RecordedCall[], prefix: string, method = 'GET'): RecordedCall[] {
  return calls.filter((call) => call.method === method && call.path.startsWith(prefix));
}
