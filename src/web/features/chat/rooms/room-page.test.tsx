import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../../contracts/messages.js';
import type { Room } from '../../../../contracts/rooms.js';
import { AI, GRACE, ME, buildMember, buildMessage, buildRoom, callsTo } from '../../../test/chat-server.js';
import { buildProfile } from '../../../test/fixtures.js';
import { openRoomPage } from '../../../test/room-page.js';
import { TYPING_SHOWN_MS, resetRoomTyping } from './hooks/room-typing-store.js';

const BOB = buildProfile({ _id: 'bob-id', username: 'bob', name: 'Bob' });
const ROOM_ID = 'room-book-club';
const log = () => within(screen.getByRole('log'));

afterEach(() => {
  resetRoomTyping();
  vi.useRealTimers();
});

function openRoom(room: Room = buildRoom(), history?: Message[]) {
  return openRoomPage(room, { history, state: { profiles: [GRACE, AI, BOB] } });
}

describe('room page', () => {
  it('names each sender, and says "message <room>" in the box', async () => {
    const mine = buildMessage({ conversationId: ROOM_ID, sender: ME._id, text: 'Mine' });
    const theirs = buildMessage({ conversationId: ROOM_ID, sender: GRACE._id, text: 'Hers' });
    const persona = buildMessage({ conversationId: ROOM_ID, sender: AI._id, text: 'Its' });
    await openRoom(buildRoom(), [mine, theirs, persona]);
    expect(screen.getByRole('heading', { name: 'Room Book club' })).toBeInTheDocument();
    const authors = screen.getAllByRole('article').map((article) => article.querySelector('p')?.textContent);
    expect(authors).toEqual(['@ada', '@grace', '@ai']);
    expect(screen.getByRole('textbox', { name: 'Message Book club' })).toHaveAttribute(
      'placeholder',
      'message Book club',
    );
  });

  it('counts "Seen by N" under my last message from the members’ read positions, as they read', async () => {
    const mine = buildMessage({ conversationId: ROOM_ID, sender: ME._id, text: 'Read this' });
    const room = buildRoom({
      members: [buildMember(ME), buildMember(GRACE), buildMember(BOB), buildMember(AI)],
    });
    const { socket } = await openRoom(room, [mine]);
    expect(log().queryByText(/Seen by/)).not.toBeInTheDocument();
    act(() => socket.serverEmit('roomRead', { roomId: ROOM_ID, userId: GRACE._id, messageId: mine._id }));
    expect(await log().findByText('Seen by 1')).toBeInTheDocument();
    act(() => socket.serverEmit('roomRead', { roomId: ROOM_ID, userId: BOB._id, messageId: mine._id }));
    expect(await log().findByText('Seen by 2')).toBeInTheDocument();
  });

  it('shows no "seen by" when no read position is given (receipts off)', async () => {
    const mine = buildMessage({ conversationId: ROOM_ID, sender: ME._id, text: 'Read this' });
    const room = buildRoom({
      members: [buildMember(ME), buildMember(GRACE, { readUpTo: undefined }), buildMember(AI)],
    });
    const { socket } = await openRoom(room, [mine]);
    act(() => socket.serverEmit('roomRead', { roomId: ROOM_ID, userId: GRACE._id, messageId: mine._id }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log().queryByText(/Seen by/)).not.toBeInTheDocument();
  });

  it('tells the server the newest message was read', async () => {
    const last = buildMessage({ conversationId: ROOM_ID, text: 'Newest' });
    const { socket } = await openRoom(buildRoom(), [last]);
    await waitFor(() =>
      expect(socket.sent('markRoomRead')).toEqual([[{ roomId: ROOM_ID, messageId: last._id }]]),
    );
  });

  it('says who is typing above the box, until their message comes or the time runs out', async () => {
    const { socket } = await openRoom();
    act(() => socket.serverEmit('typing', { conversationId: ROOM_ID, userId: GRACE._id }));
    expect(screen.getByText('@grace is typing…')).toBeInTheDocument();
    act(() => socket.serverEmit('typing', { conversationId: ROOM_ID, userId: AI._id }));
    expect(screen.getByText('@grace and @ai are typing…')).toBeInTheDocument();
    act(() => socket.serverEmit('newMessage', buildMessage({ conversationId: ROOM_ID, text: 'Here I am' })));
    expect(await screen.findByText('@ai is typing…')).toBeInTheDocument();

    act(() => socket.serverEmit('newMessage', buildMessage({ conversationId: ROOM_ID, sender: AI._id })));
    await waitFor(() => expect(screen.queryByText(/is typing…/)).not.toBeInTheDocument());

    vi.useFakeTimers();
    act(() => socket.serverEmit('typing', { conversationId: ROOM_ID, userId: GRACE._id }));
    expect(screen.getByText('@grace is typing…')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(TYPING_SHOWN_MS + 10));
    expect(screen.queryByText(/is typing…/)).not.toBeInTheDocument();
  });

  it('says I am typing at most every few seconds', async () => {
    const { socket } = await openRoom();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message Book club' }), 'Hi all');
    expect(socket.sent('typing')).toEqual([[{ conversationId: ROOM_ID }]]);
  });

  it('sends a message to the room and shows it once, with its echo', async () => {
    const { calls, socket, state } = await openRoom();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message Book club' }), 'Hi all{Enter}');
    expect(await log().findByText('Hi all')).toBeInTheDocument();
    expect(callsTo(calls, `/api/rooms/${ROOM_ID}/messages`, 'POST')[0]?.body).toMatchObject({
      message: 'Hi all',
    });
    const stored = state.roomMessages[ROOM_ID]?.at(-1);
    if (stored) act(() => socket.serverEmit('newMessage', stored));
    expect(log().getAllByText('Hi all')).toHaveLength(1);
  });

  it('offers edit and delete on one’s own room messages and reactions on all', async () => {
    const now = new Date().toISOString();
    const mine = buildMessage({ conversationId: ROOM_ID, sender: ME._id, text: 'Mine', createdAt: now });
    const theirs = buildMessage({ conversationId: ROOM_ID, sender: AI._id, text: 'A persona’s' });
    await openRoom(buildRoom(), [mine, theirs]);
    const bubble = (text: string) => within(log().getByText(text).closest('article') as HTMLElement);
    const [minePanel, theirsPanel] = [bubble('Mine'), bubble('A persona’s')];
    expect(minePanel?.getByRole('button', { name: 'Edit message' })).toBeInTheDocument();
    expect(minePanel?.getByRole('button', { name: 'Delete message' })).toBeInTheDocument();
    // A persona's reply in a room is not the person's to delete, unlike in their own persona chat.
    expect(theirsPanel?.queryByRole('button', { name: 'Delete message' })).not.toBeInTheDocument();
    expect(theirsPanel?.getByRole('button', { name: 'Add reaction' })).toBeInTheDocument();
  });

  it('shows reactions but no controls in a room one has left', async () => {
    const reacted = buildMessage({
      conversationId: ROOM_ID,
      sender: ME._id,
      text: 'Bye all',
      createdAt: new Date().toISOString(),
      reactions: [{ emoji: '😢', count: 1, people: [{ _id: GRACE._id, username: GRACE.username }] }],
    });
    await openRoom(buildRoom({ left: true }), [reacted]);
    const bubble = within(screen.getByRole('article'));
    expect(bubble.getByRole('button', { name: `😢 1 reaction: @${GRACE.username}` })).toBeDisabled();
    for (const name of ['Edit message', 'Delete message', 'Add reaction'])
      expect(bubble.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
