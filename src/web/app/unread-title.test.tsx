import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AI,
  GRACE,
  ME,
  buildConversation,
  buildMessage,
  buildRoom,
  buildRoomSummary,
  fakeChatServer,
} from '../test/chat-server.js';
import { latestSocket } from '../test/fake-socket.js';
import { renderApp } from '../test/render.js';

describe('the unread count in the tab title', () => {
  it("counts the inbox's unread messages, DMs and rooms, leaving muted ones out", async () => {
    fakeChatServer({
      conversations: [
        buildConversation(GRACE, { unreadCount: 2 }),
        buildConversation(AI, { unreadCount: 5, muted: true }),
      ],
      rooms: [
        buildRoomSummary(buildRoom(), { unreadCount: 1 }),
        buildRoomSummary(buildRoom({ _id: 'room-quiet', name: 'Quiet' }), { unreadCount: 9, muted: true }),
      ],
    });
    renderApp('/chat', { user: ME });
    await waitFor(() => expect(document.title).toBe('(3) Messages · Simplified'));
  });

  it('is the plain title with nothing unread', async () => {
    fakeChatServer({ conversations: [buildConversation(GRACE, { unreadCount: 0 })] });
    renderApp('/tos', { user: ME });
    await waitFor(() => expect(document.title).toBe('Terms & privacy · Simplified'));
  });

  it('counts live on other pages too: a new message, then reading it in another tab', async () => {
    const server = fakeChatServer({ conversations: [buildConversation(GRACE, { unreadCount: 0 })] });
    renderApp('/tos', { user: ME });
    await waitFor(() => expect(document.title).toBe('Terms & privacy · Simplified'));
    const socket = latestSocket();
    act(() => socket.serverConnect());

    server.state.conversations = [buildConversation(GRACE, { unreadCount: 1 })];
    act(() => socket.serverEmit('newMessage', buildMessage({ text: 'Are you there?' })));
    await waitFor(() => expect(document.title).toBe('(1) Terms & privacy · Simplified'));

    server.state.conversations = [buildConversation(GRACE, { unreadCount: 0 })];
    act(() => socket.serverEmit('messagesSeen', { conversationId: 'conv-grace', seenBy: ME._id }));
    await waitFor(() => expect(document.title).toBe('Terms & privacy · Simplified'));
  });
});
