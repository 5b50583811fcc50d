import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Room } from '../../../../contracts/rooms.js';
import { AI, GRACE, ME, buildMessage, buildRoom, callsTo } from '../../../test/chat-server.js';
import { openRoomPage } from '../../../test/room-page.js';

const ROOM_ID = 'room-book-club';
const speaking = (triggeredBy: string, text = 'Chapter one is about ') => ({
  conversationId: ROOM_ID,
  replyId: 'reply-1',
  personaId: AI._id,
  triggeredBy,
  text,
});

/** The room, where Stop is answered as the server does while a persona speaks. */
function openRoom(room: Room) {
  return openRoomPage(room, {
    override: (call) => (call.path.endsWith('/stop') ? { status: 200, body: { stopped: true } } : undefined),
  });
}

describe('joining a room while a persona speaks', () => {
  it('shows the text so far, streams on, and offers Stop to the person it answers', async () => {
    const { socket, calls } = await openRoom(buildRoom({ ownerId: GRACE._id, speaking: speaking(ME._id) }));
    expect(await screen.findByText('Chapter one is about')).toBeInTheDocument();
    act(() =>
      socket.serverEmit('aiReplyDelta', {
        conversationId: ROOM_ID,
        replyId: 'reply-1',
        delta: 'a lighthouse.',
        offset: 'Chapter one is about '.length,
      }),
    );
    expect(await screen.findByText('Chapter one is about a lighthouse.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop @ai' }));
    expect(callsTo(calls, `/api/rooms/${ROOM_ID}/stop`, 'POST')).toHaveLength(1);

    act(() =>
      socket.serverEmit(
        'newMessage',
        buildMessage({
          _id: 'reply-1',
          conversationId: ROOM_ID,
          sender: AI._id,
          text: 'Chapter one is about a lighthouse.',
        }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop @ai' })).not.toBeInTheDocument());
    // The stored message takes the streamed bubble's place: the text shows once.
    expect(within(screen.getByRole('log')).getAllByText('Chapter one is about a lighthouse.')).toHaveLength(
      1,
    );
  });

  it('offers Stop to nobody else than that person and the owner', async () => {
    await openRoom(buildRoom({ ownerId: GRACE._id, speaking: speaking(GRACE._id) }));
    expect(await screen.findByText('Chapter one is about')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop @ai' })).not.toBeInTheDocument();
  });

  it('reads the room again when a persona’s words arrive for a turn this tab did not see begin', async () => {
    const { socket, state, calls } = await openRoom(buildRoom());
    const reads = () =>
      callsTo(calls, `/api/rooms/${ROOM_ID}`).filter((c) => c.path === `/api/rooms/${ROOM_ID}`);
    const before = reads().length;
    state.roomDetails[ROOM_ID] = buildRoom({ speaking: speaking(GRACE._id, 'Chapter one is about a ') });
    act(() =>
      socket.serverEmit('aiReplyDelta', {
        conversationId: ROOM_ID,
        replyId: 'reply-1',
        delta: 'lighthouse.',
        offset: 'Chapter one is about a '.length,
      }),
    );
    expect(await screen.findByText('Chapter one is about a lighthouse.')).toBeInTheDocument();
    expect(reads().length).toBe(before + 1);
    // I own the room: I may stop whoever set the persona off.
    expect(screen.getByRole('button', { name: 'Stop @ai' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/messages/ai-replies').length).toBeLessThanOrEqual(1);
  });
});
