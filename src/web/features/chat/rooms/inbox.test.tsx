import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AI,
  GRACE,
  ME,
  buildConversation,
  buildRoom,
  buildRoomSummary,
  fakeChatServer,
} from '../../../test/chat-server.js';
import { must } from '../../../test/must.js';
import { renderApp } from '../../../test/render.js';

const contacts = () => screen.getByRole('list', { name: 'Conversations' });

describe('inbox with rooms', () => {
  it('lists rooms among the direct conversations by last activity, with members, preview and unread', async () => {
    const club = buildRoom();
    const quiet = buildRoom({ _id: 'room-quiet', name: 'Quiet corner', muted: true });
    fakeChatServer({
      conversations: [
        buildConversation(GRACE, { updatedAt: '2024-05-07T10:00:00.000Z' }),
        buildConversation(AI, { updatedAt: '2024-05-05T10:00:00.000Z' }),
      ],
      rooms: [
        buildRoomSummary(quiet, { updatedAt: '2024-05-04T10:00:00.000Z', unreadCount: 4 }),
        buildRoomSummary(club, {
          updatedAt: '2024-05-06T10:00:00.000Z',
          memberCount: 5,
          unreadCount: 3,
          latestMessage: { text: `${'r'.repeat(100)}cut here`, sender: GRACE._id },
        }),
      ],
    });
    renderApp('/chat', { user: ME });
    await waitFor(() => expect(within(contacts()).getAllByRole('link')).toHaveLength(4));
    const entries = within(contacts()).getAllByRole('link');
    expect(entries.map((entry) => entry.getAttribute('href'))).toEqual([
      '/chat/:grace',
      '/chat/room/room-book-club',
      '/chat/:ai',
      '/chat/room/room-quiet',
    ]);
    const room = must(entries[1]);
    expect(room).toHaveTextContent('Book club');
    expect(room).toHaveTextContent('5 members');
    expect(within(room).getByText(`${'r'.repeat(100)}...`)).toBeInTheDocument();
    expect(room).toHaveTextContent('3 unread');
    // Muted: counted on the server, but shown as a muted bell instead of a badge.
    expect(entries[3]).toHaveTextContent('muted');
    expect(entries[3]).not.toHaveTextContent('unread');
  });

  it('marks the open room as the current entry', async () => {
    const club = buildRoom();
    fakeChatServer({
      conversations: [buildConversation(GRACE)],
      rooms: [buildRoomSummary(club)],
      roomDetails: { [club._id]: club },
    });
    renderApp('/chat/room/room-book-club', { user: ME });
    const entry = await within(await screen.findByRole('list', { name: 'Conversations' })).findByRole(
      'link',
      {
        name: /Book club/,
      },
    );
    expect(entry).toHaveAttribute('aria-current', 'page');
    expect(within(contacts()).getByRole('link', { name: /@grace/ })).not.toHaveAttribute('aria-current');
  });

  it('keeps the direct conversations on screen when the rooms cannot be read', async () => {
    fakeChatServer({ conversations: [buildConversation(GRACE)] }, (call) =>
      call.path === '/api/rooms'
        ? { status: 500, body: { error: 'Rooms are down', code: 'internal' } }
        : undefined,
    );
    renderApp('/chat', { user: ME });
    expect(await screen.findByText(/Could not load your rooms: Rooms are down/)).toBeInTheDocument();
    expect(within(contacts()).getByRole('link', { name: /@grace/ })).toBeInTheDocument();
  });
});
