import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROOM_ERRORS, type Room } from '../../../../contracts/rooms.js';
import type { RecordedCall } from '../../../test/fetch-mock.js';
import { AI, GRACE, ME, buildMessage, buildRoom, callsTo } from '../../../test/chat-server.js';
import { openRoomPage } from '../../../test/room-page.js';
import { LEFT_ROOM_NOTICE } from './components/room-conversation.js';

const ROOM_ID = 'room-book-club';

function openRoom(
  room: Room = buildRoom(),
  override?: (call: RecordedCall) => { status: number; body?: unknown } | undefined,
) {
  return openRoomPage(room, { override });
}

async function openMembers() {
  await userEvent.click(screen.getByRole('button', { name: /^Members/ }));
  return within(screen.getByRole('dialog', { name: 'Members' }));
}

describe('room members', () => {
  it('lists people and personas with presence, the owner and a benched persona', async () => {
    const room = buildRoom({
      ownerId: GRACE._id,
      members: buildRoom().members.map((member) => (member.isAi ? { ...member, benched: true } : member)),
    });
    const { socket } = await openRoom(room);
    act(() => socket.serverEmit('getOnlineUsers', [GRACE._id]));
    const panel = await openMembers();
    const grace = panel.getByText('@grace').closest('li');
    expect(grace).toHaveTextContent('owner');
    expect(grace).toHaveTextContent('online');
    expect(panel.getByText('@ai').closest('li')).toHaveTextContent('benched');
    expect(panel.getByRole('heading', { name: 'People · 2' })).toBeInTheDocument();
    expect(panel.getByRole('heading', { name: 'Personas · 1' })).toBeInTheDocument();
  });

  it('offers managing the room to its owner only; everyone may mute and leave', async () => {
    await openRoom(buildRoom({ ownerId: GRACE._id }));
    const panel = await openMembers();
    expect(panel.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Bench' })).not.toBeInTheDocument();
    expect(panel.queryByRole('heading', { name: 'Room settings' })).not.toBeInTheDocument();
    expect(panel.queryByRole('heading', { name: 'Add to the room' })).not.toBeInTheDocument();
    expect(panel.getByRole('checkbox', { name: 'Mute this room' })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Leave room' })).toBeInTheDocument();
  });

  it('lets the owner bench a persona, hand the room over, and change its settings', async () => {
    const { calls } = await openRoom(buildRoom(), (call) => {
      if (call.method === 'PUT' || call.method === 'PATCH') return { status: 200, body: buildRoom() };
      return undefined;
    });
    const panel = await openMembers();
    const ai = within(panel.getByRole('group', { name: 'Manage @ai' }));
    await userEvent.click(ai.getByRole('button', { name: 'Bench' }));
    await waitFor(() =>
      expect(callsTo(calls, `/api/rooms/${ROOM_ID}/personas/${AI._id}/bench`, 'PUT')[0]?.body).toEqual({
        benched: true,
      }),
    );

    await userEvent.click(
      within(panel.getByRole('group', { name: 'Manage @grace' })).getByRole('button', { name: 'Make owner' }),
    );
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Make owner' }),
    );
    await waitFor(() =>
      expect(callsTo(calls, `/api/rooms/${ROOM_ID}/owner`, 'PUT')[0]?.body).toEqual({ memberId: GRACE._id }),
    );

    await userEvent.click(panel.getByRole('radio', { name: /Free talk/ }));
    const turns = panel.getByRole('spinbutton', { name: 'Persona turns per message' });
    await userEvent.clear(turns);
    await userEvent.type(turns, '5');
    await userEvent.click(panel.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(callsTo(calls, `/api/rooms/${ROOM_ID}`, 'PATCH')[0]?.body).toEqual({
        replyMode: 'free',
        personaTurns: 5,
      }),
    );
  });

  it('tells an owner who leaves to hand the room over first, as the server says', async () => {
    await openRoom(buildRoom(), (call) =>
      call.method === 'DELETE'
        ? { status: 409, body: { error: ROOM_ERRORS.ownerLeaves, code: 'conflict' } }
        : undefined,
    );
    const panel = await openMembers();
    await userEvent.click(panel.getByRole('button', { name: 'Leave room' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave room' }),
    );
    expect(await panel.findByRole('alert')).toHaveTextContent(ROOM_ERRORS.ownerLeaves);
    expect(screen.getByTestId('location')).toHaveTextContent(`/chat/room/${ROOM_ID}`);
  });

  it('turns read-only and leaves the inbox when the person is removed', async () => {
    const { socket } = await openRoom();
    const inbox = screen.getByRole('list', { name: 'Conversations' });
    expect(within(inbox).getByRole('link', { name: /Book club/ })).toBeInTheDocument();
    act(() => socket.serverEmit('roomRemoved', { roomId: ROOM_ID }));
    expect(await screen.findByText(new RegExp(LEFT_ROOM_NOTICE))).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message Book club' })).not.toBeInTheDocument();
    expect(screen.getByText('Hello room')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Book club/ })).not.toBeInTheDocument();
  });
});

describe('a persona speaking in a room', () => {
  const start = (triggeredBy: string) => ({
    conversationId: ROOM_ID,
    replyId: 'reply-1',
    personaId: AI._id,
    triggeredBy,
  });

  it('streams to the room with Stop for the person it answers', async () => {
    const { socket, calls } = await openRoom(buildRoom({ ownerId: GRACE._id }), (call) =>
      call.path.endsWith('/stop') ? { status: 200, body: { stopped: true } } : undefined,
    );
    act(() => {
      socket.serverEmit('aiReplyStart', start(ME._id));
      socket.serverEmit('aiReplyDelta', {
        conversationId: ROOM_ID,
        replyId: 'reply-1',
        delta: 'Thinking of ',
      });
    });
    expect(await screen.findByText('Thinking of')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop @ai' }));
    expect(callsTo(calls, `/api/rooms/${ROOM_ID}/stop`, 'POST')).toHaveLength(1);
  });

  it('offers Stop to the owner, and to nobody else', async () => {
    const { socket } = await openRoom(buildRoom({ ownerId: GRACE._id }));
    act(() => socket.serverEmit('aiReplyStart', start(GRACE._id)));
    expect(await screen.findByText('@ai is typing…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop @ai' })).not.toBeInTheDocument();
  });

  it('offers Stop to the owner whoever set the persona off', async () => {
    const { socket } = await openRoom(buildRoom());
    act(() => socket.serverEmit('aiReplyStart', start(GRACE._id)));
    expect(await screen.findByRole('button', { name: 'Stop @ai' })).toBeInTheDocument();
    act(() =>
      socket.serverEmit(
        'newMessage',
        buildMessage({ _id: 'reply-1', conversationId: ROOM_ID, sender: AI._id, text: 'Done.' }),
      ),
    );
    expect(await screen.findByText('Done.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop @ai' })).not.toBeInTheDocument());
  });
});
