import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROOM_ERRORS, ROOM_LIMITS } from '../../../../contracts/rooms.js';
import { GRACE, ME, callsTo, fakeChatServer } from '../../../test/chat-server.js';
import { renderApp } from '../../../test/render.js';

const location = () => screen.getByTestId('location').textContent;

async function openDialog(override?: Parameters<typeof fakeChatServer>[1]) {
  const server = fakeChatServer({}, override);
  renderApp('/chat', { user: ME });
  await userEvent.click(await screen.findByRole('button', { name: 'New room' }));
  const dialog = screen.getByRole('dialog', { name: 'New room' });
  return { ...server, dialog: within(dialog) };
}

describe('New room', () => {
  it('counts the name live and says what is missing before asking the server', async () => {
    const { calls, dialog } = await openDialog();
    expect(dialog.getByRole('textbox', { name: /Room name/ })).toHaveFocus();
    await userEvent.type(dialog.getByRole('textbox', { name: /Room name/ }), 'Reading');
    expect(dialog.getByText(`7/${ROOM_LIMITS.nameMax}`)).toBeInTheDocument();
    await userEvent.clear(dialog.getByRole('textbox', { name: /Room name/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create room' }));
    expect(dialog.getByText('Give the room a name')).toBeInTheDocument();
    expect(dialog.getByText('Add at least one person')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /Room name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, '/api/rooms', 'POST')).toHaveLength(0);
  });

  it('adds people as chips, sends what is still typed too, and shows the server’s refusal keeping everything', async () => {
    const { calls, dialog } = await openDialog((call) =>
      call.method === 'POST' && call.path === '/api/rooms'
        ? { status: 400, body: { error: ROOM_ERRORS.noSuchUser('nobody'), code: 'invalid_input' } }
        : undefined,
    );
    await userEvent.type(dialog.getByRole('textbox', { name: /Room name/ }), 'Reading circle');
    const people = dialog.getByLabelText('People');
    await userEvent.type(people, '@Grace{Enter}');
    expect(
      within(dialog.getByRole('list', { name: 'People added' })).getByText('@grace'),
    ).toBeInTheDocument();
    await userEvent.type(people, 'nobody');
    await userEvent.type(dialog.getByLabelText('Personas'), 'ai');
    await userEvent.click(dialog.getByRole('radio', { name: /Free talk/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create room' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('No one is called @nobody');
    expect(callsTo(calls, '/api/rooms', 'POST')[0]?.body).toEqual({
      name: 'Reading circle',
      people: ['grace', 'nobody'],
      personas: ['ai'],
      replyMode: 'free',
    });
    expect(dialog.getByRole('textbox', { name: /Room name/ })).toHaveValue('Reading circle');
    expect(dialog.getByRole('list', { name: 'People added' })).toHaveTextContent('@grace@nobody');
    expect(dialog.getByRole('radio', { name: /Free talk/ })).toBeChecked();

    await userEvent.click(dialog.getByRole('button', { name: 'Remove @nobody' }));
    expect(dialog.getByRole('list', { name: 'People added' })).not.toHaveTextContent('@nobody');
  });

  it('opens the new room once the server made it', async () => {
    const { dialog } = await openDialog();
    await userEvent.type(dialog.getByRole('textbox', { name: /Room name/ }), 'Book club');
    await userEvent.type(dialog.getByLabelText('People'), GRACE.username);
    await userEvent.click(dialog.getByRole('button', { name: 'Create room' }));
    await waitFor(() => expect(location()).toBe('/chat/room/room-1'));
    expect(screen.queryByRole('dialog', { name: 'New room' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Room Book club' })).toBeInTheDocument();
  });
});
