import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../contracts/messages.js';
import {
  GRACE,
  ME,
  buildConversation,
  buildMessage,
  buildRoom,
  buildRoomSummary,
  callsTo,
  fakeChatServer,
} from '../../../test/chat-server.js';
import { renderApp } from '../../../test/render.js';
import { must } from '../../../test/must.js';

const theirs = buildMessage({ text: 'The meeting moved to 3 pm.' });

async function openWithForwardAnswer(answer: { status: number; body: unknown }) {
  const server = fakeChatServer(
    { conversations: [buildConversation(GRACE)], messages: { [GRACE._id]: [theirs] } },
    (call) => (call.path === '/api/messages/forward' ? answer : undefined),
  );
  renderApp('/chat/:grace', { user: ME });
  await screen.findByText(theirs.text);
  return server;
}

describe('forwarding a message', () => {
  it('asks for a username in a dialog with the quoted message, sends it and says where it went', async () => {
    const forwarded: Message = buildMessage({ sender: ME._id, text: theirs.text, forwardedFrom: 'grace' });
    const { calls } = await openWithForwardAnswer({ status: 201, body: forwarded });
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Forward message' });
    await user.click(button);

    const dialog = screen.getByRole('dialog', { name: 'Forward message' });
    expect(within(dialog).getByText('@grace')).toBeInTheDocument();
    expect(within(dialog).getByText(theirs.text)).toBeInTheDocument();
    const to = within(dialog).getByRole('textbox', { name: 'Forward to' });
    expect(to).toHaveFocus();
    await user.type(to, '@Bob{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Forwarded to @bob')).toHaveAttribute('role', 'status');
    const [sent] = callsTo(calls, '/api/messages/forward', 'POST');
    expect(sent?.body).toMatchObject({ messageId: theirs._id, toUsername: 'Bob' });
    expect((sent?.body as { clientMessageId: string }).clientMessageId).toMatch(/^[0-9a-f]{32}$/);
    // Focus goes back to the button that opened the dialog.
    expect(button).toHaveFocus();
  });

  it('keeps the dialog and the name with the server’s reason when it refuses, and Escape closes it', async () => {
    const { calls } = await openWithForwardAnswer({
      status: 404,
      body: { error: 'No one has that username' },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forward message' }));
    const dialog = screen.getByRole('dialog', { name: 'Forward message' });
    const to = within(dialog).getByRole('textbox', { name: 'Forward to' });
    await user.type(to, 'nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Forward' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No one has that username');
    expect(to).toHaveValue('nobody');
    // Asking again for the same person is the same message: one client id, so it is stored once at most.
    await user.click(within(dialog).getByRole('button', { name: 'Forward' }));
    await waitFor(() => expect(callsTo(calls, '/api/messages/forward', 'POST')).toHaveLength(2));
    const [one, two] = callsTo(calls, '/api/messages/forward', 'POST').map(
      (call) => (call.body as { clientMessageId: string }).clientMessageId,
    );
    expect(two).toBe(one);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('forwards into one of the person’s rooms, chosen with the keyboard', async () => {
    const club = buildRoom();
    const hike = buildRoom({ _id: 'room-hike', name: 'Sunday hike' });
    const { calls, state } = fakeChatServer({
      conversations: [buildConversation(GRACE)],
      messages: { [GRACE._id]: [theirs] },
      rooms: [buildRoomSummary(club), buildRoomSummary(hike)],
      roomDetails: { [club._id]: club, [hike._id]: hike },
    });
    renderApp('/chat/:grace', { user: ME });
    await screen.findByText(theirs.text);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forward message' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Forward message' }));
    // A person first, as before; the room choice is one Shift+Tab back, and the arrows pick it.
    expect(dialog.getByRole('textbox', { name: 'Forward to' })).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(dialog.getByRole('radio', { name: 'A person' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(dialog.getByRole('radio', { name: 'A room' })).toBeChecked();
    await user.tab();
    const rooms = dialog.getByRole('combobox', { name: 'Forward to' });
    expect(rooms).toHaveFocus();
    expect(
      within(rooms)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Book club', 'Sunday hike']);
    await user.selectOptions(rooms, 'Sunday hike');
    await user.tab();
    await user.tab();
    expect(dialog.getByRole('button', { name: 'Forward' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Forwarded to Sunday hike')).toHaveAttribute('role', 'status');
    const [sent] = callsTo(calls, '/api/rooms/room-hike/forward', 'POST');
    expect(sent?.body).toMatchObject({ messageId: theirs._id });
    expect((sent?.body as { clientMessageId: string }).clientMessageId).toMatch(/^[0-9a-f]{32}$/);
    expect(state.roomMessages['room-hike']?.at(-1)).toMatchObject({
      text: theirs.text,
      forwardedFrom: 'grace',
    });
    expect(callsTo(calls, '/api/messages/forward', 'POST')).toHaveLength(0);
  });

  it('offers no room choice to someone in no room', async () => {
    await openWithForwardAnswer({ status: 201, body: theirs });
    await userEvent.click(screen.getByRole('button', { name: 'Forward message' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Forward message' }));
    expect(dialog.getByRole('textbox', { name: 'Forward to' })).toBeInTheDocument();
    expect(dialog.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('shows a forwarded message as a quote under "Forwarded from @name"', async () => {
    const quoted = buildMessage({ text: 'Pass it on', forwardedFrom: 'bob' });
    fakeChatServer({ conversations: [buildConversation(GRACE)], messages: { [GRACE._id]: [quoted] } });
    renderApp('/chat/:grace', { user: ME });
    const bubble = must((await screen.findByText('Pass it on')).closest('article'));
    expect(within(bubble).getByText('@grace')).toBeInTheDocument();
    const quote = must(within(bubble).getByText('Forwarded from @bob').closest('blockquote'));
    expect(quote).toHaveTextContent('Pass it on');
  });
});
