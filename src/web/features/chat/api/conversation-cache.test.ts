import { describe, expect, it } from 'vitest';
import { AI, GRACE, ME, buildConversation, buildMessage } from '../../../test/chat-server.js';
import { buildProfile } from '../../../test/fixtures.js';
import { applyNewMessage, applySeen, clearUnread, sortConversations } from './conversation-cache.js';

const BOB = buildProfile({ _id: 'bob-id', username: 'bob', name: 'Bob' });

describe('conversation list', () => {
  it('sorts by last update, newest first', () => {
    const list = sortConversations([
      buildConversation(GRACE, { updatedAt: '2024-05-07T10:00:00.000Z' }),
      buildConversation(AI, { updatedAt: '2024-05-07T12:00:00.000Z' }),
      buildConversation(BOB, { updatedAt: '2024-05-06T23:59:59.000Z' }),
    ]);
    expect(list.map((c) => c.participants[0]?.username)).toEqual(['ai', 'grace', 'bob']);
  });

  it('a new message updates its entry, counts it unread and moves it to the top', () => {
    const list = [
      buildConversation(AI, { updatedAt: '2024-05-07T12:00:00.000Z' }),
      buildConversation(GRACE, { updatedAt: '2024-05-07T10:00:00.000Z', unreadCount: 1 }),
    ];
    const message = buildMessage({
      conversationId: 'conv-grace',
      text: 'Ping',
      createdAt: '2024-05-07T13:00:00.000Z',
    });
    const next = applyNewMessage(list, message, { countUnread: true });
    expect(next[0]).toMatchObject({
      _id: 'conv-grace',
      latestMessage: { text: 'Ping', sender: GRACE._id, seen: false },
      updatedAt: message.createdAt,
      unreadCount: 2,
    });
    expect(applyNewMessage(list, message, { countUnread: false })[0]?.unreadCount).toBe(1);
  });

  it('a seen event marks the latest message seen; my own reading clears the unread count', () => {
    const list = [
      buildConversation(GRACE, {
        latestMessage: { text: 'Hi', sender: ME._id, seen: false },
        unreadCount: 0,
      }),
      buildConversation(AI, { latestMessage: { text: 'Yo', sender: AI._id, seen: false }, unreadCount: 3 }),
    ];
    const afterGrace = applySeen(list, { conversationId: 'conv-grace', seenBy: GRACE._id }, ME._id);
    expect(afterGrace[0]?.latestMessage.seen).toBe(true);
    const afterMe = applySeen(list, { conversationId: 'conv-ai', seenBy: ME._id }, ME._id);
    expect(afterMe[1]).toMatchObject({ latestMessage: { seen: true }, unreadCount: 0 });
    expect(clearUnread(list, 'conv-ai')[1]?.unreadCount).toBe(0);
  });
});
