import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Room } from '../../../../contracts/rooms.js';
import { AI, GRACE, ME, buildMember, buildRoom, callsTo } from '../../../test/chat-server.js';
import { buildProfile } from '../../../test/fixtures.js';
import { openRoomPage } from '../../../test/room-page.js';

const ROOM_ID = 'room-book-club';
const SAGE = buildProfile({ _id: 'sage-id', username: 'sage', name: 'Sage Green', isAi: true });
const box = () => screen.getByRole('textbox', { name: 'Message Book club' });
const suggestions = () => screen.queryByRole('listbox', { name: 'People and personas to mention' });
const names = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);

async function openRoom(room: Room = buildRoom()) {
  return { ...(await openRoomPage(room)), user: userEvent.setup() };
}

describe('@-mentions in a room’s message box', () => {
  it('suggests the personas then the people, moves with the arrows and picks with Enter', async () => {
    const { user, calls } = await openRoom();
    await user.type(box(), 'Hi @');
    const list = await screen.findByRole('listbox', { name: 'People and personas to mention' });
    expect(names()).toEqual(['@aiAssistantAI', '@graceGrace Hopper']);
    const [ai, grace] = within(list).getAllByRole('option');
    expect(box()).toHaveAttribute('aria-controls', list.id);
    expect(box()).toHaveAttribute('aria-activedescendant', ai?.id);
    expect(ai).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', grace?.id);
    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', ai?.id);
    await user.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', grace?.id);

    await user.keyboard('{Enter}');
    expect(box()).toHaveValue('Hi @grace ');
    expect(suggestions()).not.toBeInTheDocument();
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    expect(callsTo(calls, `/api/rooms/${ROOM_ID}/messages`, 'POST')).toHaveLength(0);

    // With no list open, Enter sends as always.
    await user.keyboard('which chapter?{Enter}');
    await waitFor(() =>
      expect(callsTo(calls, `/api/rooms/${ROOM_ID}/messages`, 'POST')[0]?.body).toMatchObject({
        message: 'Hi @grace which chapter?',
      }),
    );
  });

  it('narrows as letters are typed, by username or name, and Tab picks', async () => {
    const room = buildRoom({ members: [...buildRoom().members, buildMember(SAGE)] });
    const { user } = await openRoom(room);
    await user.type(box(), '@s');
    expect(names()).toEqual(['@sageSage GreenAI']);
    await user.clear(box());
    await user.type(box(), '@hop');
    expect(names()).toEqual(['@graceGrace Hopper']);
    await user.keyboard('{Tab}');
    expect(box()).toHaveValue('@grace ');
    expect(box()).toHaveFocus();
    await user.type(box(), 'and @zz');
    expect(suggestions()).not.toBeInTheDocument();
  });

  it('closes with Escape until the next @, and leaves out benched personas, me and e-mail addresses', async () => {
    const room = buildRoom({
      members: [buildMember(ME), buildMember(GRACE), buildMember(AI, { benched: true }), buildMember(SAGE)],
    });
    const { user, calls } = await openRoom(room);
    await user.type(box(), 'ada@');
    expect(suggestions()).not.toBeInTheDocument();
    await user.clear(box());
    await user.type(box(), '@');
    expect(names()).toEqual(['@sageSage GreenAI', '@graceGrace Hopper']);
    await user.keyboard('{Escape}');
    expect(suggestions()).not.toBeInTheDocument();
    await user.keyboard('g');
    expect(suggestions()).not.toBeInTheDocument();
    await user.keyboard(' @');
    expect(suggestions()).toBeInTheDocument();
    await user.keyboard('{Escape}{Enter}');
    await waitFor(() =>
      expect(callsTo(calls, `/api/rooms/${ROOM_ID}/messages`, 'POST')[0]?.body).toMatchObject({
        message: '@g @',
      }),
    );
  });

  it('picks a suggestion with a click, keeping the focus in the box', async () => {
    const { user } = await openRoom();
    await user.type(box(), 'Ask @');
    await user.click(await screen.findByRole('option', { name: /@ai/ }));
    expect(box()).toHaveValue('Ask @ai ');
    expect(box()).toHaveFocus();
    expect(suggestions()).not.toBeInTheDocument();
  });
});
