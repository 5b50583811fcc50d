import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../../contracts/messages.js';
import { AI, GRACE, ME, buildConversation, buildMessage } from '../../../test/chat-server.js';
import { applyIncomingMessage } from './apply-incoming-message.js';
import { chatKeys } from './chat-keys.js';

function clientWith(conversations?: Conversation[], messages?: Record<string, Message[]>): QueryClient {
  const client = new QueryClient();
  if (conversations) client.setQueryData(chatKeys.conversations, conversations);
  Object.entries(messages ?? {}).forEach(([userId, held]) =>
    client.setQueryData(chatKeys.messages(userId), held),
  );
  return client;
}
const messagesWith = (client: QueryClient, userId: string) =>
  client.getQueryData<Message[]>(chatKeys.messages(userId));
const list = (client: QueryClient) => client.getQueryData<Conversation[]>(chatKeys.conversations);
const listIsStale = (client: QueryClient) =>
  client.getQueryCache().find({ queryKey: chatKeys.conversations })?.state.isInvalidated ?? false;

describe('applyIncomingMessage', () => {
  it('adds the message to its conversation once, however often it comes', () => {
    const earlier = buildMessage({ text: 'Hi' });
    const client = clientWith([buildConversation(GRACE)], { [GRACE._id]: [earlier] });
    const message = buildMessage({ text: 'Again' });
    const place = { partner: GRACE._id, onScreen: true, unread: false };
    applyIncomingMessage(client, message, place);
    applyIncomingMessage(client, message, place);
    expect(messagesWith(client, GRACE._id)).toEqual([earlier, message]);
  });

  it('starts the messages of the conversation on screen, but not of one never fetched elsewhere', () => {
    const client = clientWith([buildConversation(GRACE), buildConversation(AI)]);
    const toGrace = buildMessage({ text: 'Hello' });
    const fromAi = buildMessage({ conversationId: 'conv-ai', sender: AI._id, text: 'Beep' });
    applyIncomingMessage(client, toGrace, { partner: GRACE._id, onScreen: true, unread: false });
    applyIncomingMessage(client, fromAi, { partner: AI._id, onScreen: false, unread: true });
    expect(messagesWith(client, GRACE._id)).toEqual([toGrace]);
    expect(messagesWith(client, AI._id)).toBeUndefined();
  });

  it('updates a listed conversation: preview, time, unread count when asked, back on top', () => {
    const client = clientWith([
      buildConversation(AI, { updatedAt: '2024-05-08T00:00:00.000Z', unreadCount: 0 }),
      buildConversation(GRACE, { updatedAt: '2024-05-07T00:00:00.000Z', unreadCount: 0 }),
    ]);
    const message = buildMessage({ text: 'News', createdAt: '2024-05-09T00:00:00.000Z' });
    applyIncomingMessage(client, message, { partner: GRACE._id, onScreen: false, unread: true });
    expect(list(client)?.[0]).toMatchObject({
      _id: 'conv-grace',
      latestMessage: { text: 'News', sender: GRACE._id },
      updatedAt: '2024-05-09T00:00:00.000Z',
      unreadCount: 1,
    });
    applyIncomingMessage(client, buildMessage({ sender: ME._id }), {
      partner: GRACE._id,
      onScreen: true,
      unread: false,
    });
    expect(list(client)?.find((c) => c._id === 'conv-grace')?.unreadCount).toBe(1);
    expect(listIsStale(client)).toBe(false);
  });

  it('an unlisted conversation shows the entry given at once, and the list is asked for again', () => {
    const client = clientWith([buildConversation(AI)]);
    const message = buildMessage({ sender: ME._id, text: 'First' });
    const entry = buildConversation(GRACE, { updatedAt: message.createdAt });
    applyIncomingMessage(client, message, { partner: GRACE._id, onScreen: true, unread: false, entry });
    expect(list(client)?.map((c) => c._id)).toContain('conv-grace');
    expect(listIsStale(client)).toBe(true);
  });

  it('an unlisted conversation without an entry only asks for the list again', () => {
    const listed = [buildConversation(AI)];
    const client = clientWith(listed);
    applyIncomingMessage(client, buildMessage(), { partner: undefined, onScreen: false, unread: true });
    expect(list(client)).toEqual(listed);
    expect(listIsStale(client)).toBe(true);
  });
});
