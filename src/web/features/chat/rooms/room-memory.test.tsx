import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MemoryItem } from '../../../../contracts/memory.js';
import type { Room } from '../../../../contracts/rooms.js';
import { AI, GRACE, buildMember, buildRoom, callsTo } from '../../../test/chat-server.js';
import { buildProfile } from '../../../test/fixtures.js';
import { openRoomPage } from '../../../test/room-page.js';

const ROOM_ID = 'room-book-club';
const SAGE = buildProfile({ _id: 'sage-id', username: 'sage', name: 'Sage', isAi: true });
const fact = (id: string, text: string): MemoryItem => ({
  _id: id,
  text,
  source: 'ai',
  updatedAt: '2024-05-07T12:00:00.000Z',
});

async function openRoom(room: Room, roomMemories: Record<string, MemoryItem[]> = {}) {
  const server = await openRoomPage(room, { state: { roomMemories } });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /^Members/ }));
  const panel = within(screen.getByRole('dialog', { name: 'Members' }));
  return { ...server, user, panel };
}

describe('a persona’s memory of a room', () => {
  it('lets a member read, add, reword and delete what a persona remembers of the room', async () => {
    const room = buildRoom({ ownerId: GRACE._id });
    const { user, panel, calls, state } = await openRoom(room, {
      [`${ROOM_ID} ${AI._id}`]: [fact('m1', 'The club reads one novel a month.')],
    });
    const open = panel.getByRole('button', { name: 'Memory of @ai' });
    await user.click(open);
    const dialog = within(screen.getByRole('dialog', { name: 'What @ai remembers of this room' }));
    const list = await dialog.findByRole('list', { name: 'Memories of @ai' });
    expect(within(list).getByText('The club reads one novel a month.')).toBeInTheDocument();
    // The switch is the owner's room setting: a member reads where it stands, and who changes it.
    expect(dialog.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(dialog.getByText(/Memory is on in this room/)).toHaveTextContent(
      'The room’s owner can switch it. Everyone in the room sees and can change this list.',
    );

    await user.type(dialog.getByRole('textbox', { name: 'Add a memory' }), 'We meet on Thursdays.{Enter}');
    expect(await within(list).findByText('We meet on Thursdays.')).toBeInTheDocument();
    const base = `/api/rooms/${ROOM_ID}/personas/${AI._id}/memory`;
    expect(callsTo(calls, base, 'POST')[0]?.body).toEqual({ text: 'We meet on Thursdays.' });

    const [firstEdit] = within(list).getAllByRole('button', { name: 'Edit' });
    await user.click(firstEdit as HTMLElement);
    const box = within(list).getByRole('textbox', { name: 'Edit memory' });
    await user.clear(box);
    await user.type(box, 'Two novels a month.{Enter}');
    expect(await within(list).findByText('Two novels a month.')).toBeInTheDocument();
    expect(callsTo(calls, `${base}/m1`, 'PATCH')[0]?.body).toEqual({ text: 'Two novels a month.' });

    const [firstDelete] = within(list).getAllByRole('button', { name: 'Delete' });
    await user.click(firstDelete as HTMLElement);
    await waitFor(() => expect(within(list).queryByText('Two novels a month.')).not.toBeInTheDocument());
    expect(state.roomMemories[`${ROOM_ID} ${AI._id}`]?.map((item) => item.text)).toEqual([
      'We meet on Thursdays.',
    ]);

    // Escape closes the memory, not the members panel, and the keyboard is back on the button.
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /What @ai remembers/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Members' })).toBeInTheDocument();
    expect(open).toHaveFocus();
  }, 15_000);

  it('keeps each persona’s memory apart, and reads one again when the server says it changed', async () => {
    const room = buildRoom({ members: [...buildRoom().members, buildMember(SAGE)] });
    const { user, panel, socket, state, calls } = await openRoom(room, {
      [`${ROOM_ID} ${AI._id}`]: [fact('m1', 'Ada chose the next book.')],
      [`${ROOM_ID} ${SAGE._id}`]: [],
    });
    await user.click(panel.getByRole('button', { name: 'Memory of @sage' }));
    const dialog = within(screen.getByRole('dialog', { name: 'What @sage remembers of this room' }));
    expect(await dialog.findByText(/Nothing yet/)).toBeInTheDocument();
    expect(dialog.queryByText('Ada chose the next book.')).not.toBeInTheDocument();

    state.roomMemories[`${ROOM_ID} ${SAGE._id}`] = [fact('m2', 'Grace prefers poetry.')];
    // Another persona's change leaves this list alone; this one's is read again.
    const sageReads = () => callsTo(calls, `/api/rooms/${ROOM_ID}/personas/${SAGE._id}/memory`).length;
    const before = sageReads();
    act(() => socket.serverEmit('memoryChanged', { conversationId: ROOM_ID, personaId: AI._id }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sageReads()).toBe(before);
    act(() => socket.serverEmit('memoryChanged', { conversationId: ROOM_ID, personaId: SAGE._id }));
    expect(await dialog.findByText('Grace prefers poetry.')).toBeInTheDocument();
  });

  it('tells the owner the switch is in the room’s settings, and shows what they set there', async () => {
    const { user, panel, calls } = await openRoom(buildRoom());
    await user.click(panel.getByRole('button', { name: 'Memory of @ai' }));
    let dialog = within(screen.getByRole('dialog', { name: 'What @ai remembers of this room' }));
    expect(await dialog.findByText(/Memory is on in this room/)).toHaveTextContent(
      'You can switch it in the room’s settings.',
    );
    await user.click(dialog.getByRole('button', { name: 'Done' }));

    await user.click(panel.getByRole('checkbox', { name: 'Personas remember things from this room' }));
    await user.click(panel.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(callsTo(calls, `/api/rooms/${ROOM_ID}`, 'PATCH')[0]?.body).toEqual({ memoryOn: false }),
    );
    await user.click(panel.getByRole('button', { name: 'Memory of @ai' }));
    dialog = within(screen.getByRole('dialog', { name: 'What @ai remembers of this room' }));
    expect(await dialog.findByText(/Memory is off in this room/)).toBeInTheDocument();
  });

  it('is not offered once the person is no longer in the room', async () => {
    const { panel } = await openRoom(buildRoom({ left: true }));
    expect(panel.getByText('@ai')).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Memory of @ai' })).not.toBeInTheDocument();
  });
});
