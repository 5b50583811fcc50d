import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { ME, buildDiscussion, callsTo, fakeCharioteerServer } from '../../test/charioteer-server.js';

const seatButton = (username: string) => screen.getByRole('button', { name: `Seat @${username}` });
const chips = () => screen.getByRole('list', { name: 'Seats' });

async function openSetup(options: Parameters<typeof fakeCharioteerServer>[0] = {}) {
  const server = fakeCharioteerServer(options);
  renderApp('/charioteer', { user: ME });
  await screen.findByRole('button', { name: 'Seat @bot1' });
  return server;
}

describe('choosing who sits at the table', () => {
  it('seats personas as chips and removes them again', async () => {
    const user = userEvent.setup();
    await openSetup();
    expect(screen.getByText('Choose 2 to 5 personas (0 chosen).')).toBeInTheDocument();
    await user.click(seatButton('bot1'));
    await user.click(seatButton('bot2'));
    expect(seatButton('bot1')).toHaveAttribute('aria-pressed', 'true');
    // Each chip: the avatar's initial, the name and the @username.
    expect(
      within(chips())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['BBot Number 1 @bot1', 'BBot Number 2 @bot2']);
    expect(screen.getByText('2 of 5 seats taken.')).toBeInTheDocument();
    await user.click(within(chips()).getByRole('button', { name: 'Remove @bot1' }));
    expect(within(chips()).getAllByRole('listitem')).toHaveLength(1);
    expect(seatButton('bot1')).toHaveAttribute('aria-pressed', 'false');
    // Clicking a seated persona again unseats it too.
    await user.click(seatButton('bot2'));
    expect(within(chips()).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('allows at most five, says so, and frees a seat on removal', async () => {
    const user = userEvent.setup();
    await openSetup();
    for (const n of [1, 2, 3, 4, 5]) await user.click(seatButton(`bot${n}`));
    expect(screen.getByText(/The table is full: 5 personas at most/)).toBeInTheDocument();
    expect(seatButton('bot6')).toBeDisabled();
    expect(seatButton('bot5')).toBeEnabled();
    await user.click(within(chips()).getByRole('button', { name: 'Remove @bot3' }));
    expect(seatButton('bot6')).toBeEnabled();
    await user.click(seatButton('bot6'));
    expect(within(chips()).getAllByRole('listitem')).toHaveLength(5);
  });

  it('will not start with fewer than two personas or without a topic', async () => {
    const user = userEvent.setup();
    const { calls } = await openSetup();
    await user.click(seatButton('bot1'));
    await user.type(screen.getByLabelText('Topic'), 'Tea or coffee?');
    await user.click(screen.getByRole('button', { name: 'Start discussion' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose 2 to 5 personas first.');
    await user.click(seatButton('bot2'));
    await user.clear(screen.getByLabelText('Topic'));
    await user.click(screen.getByRole('button', { name: 'Start discussion' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give the table a topic first.');
    expect(callsTo(calls, 'POST', '/api/charioteer/discussions')).toHaveLength(0);
  });

  it('filters the directory by search', async () => {
    const user = userEvent.setup();
    const { calls } = await openSetup();
    await user.type(screen.getByRole('searchbox', { name: 'Search personas' }), 'bot4');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Seat @bot1' })).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Seat @bot4' })).toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('q=bot4'))).toBe(true);
  });
});

describe('starting a discussion', () => {
  it('sends the topic, the seats in order and the turns, then opens the table', async () => {
    const user = userEvent.setup();
    const { calls } = await openSetup({ discussion: buildDiscussion({ _id: 'new-disc', turnsLeft: 3 }) });
    await user.click(seatButton('bot3'));
    await user.click(seatButton('bot1'));
    await user.type(screen.getByLabelText('Topic'), '  Is tea better than coffee?  ');
    expect(screen.getByLabelText('Turns')).toHaveValue('10');
    await user.selectOptions(screen.getByLabelText('Turns'), '3');
    await user.click(screen.getByRole('button', { name: 'Start discussion' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/charioteer?d=new-disc'));
    expect(callsTo(calls, 'POST', '/api/charioteer/discussions')[0]?.body).toEqual({
      topic: 'Is tea better than coffee?',
      personaIds: ['persona-3', 'persona-1'],
      turns: 3,
    });
    expect(await screen.findByRole('heading', { name: 'Is tea better than coffee?' })).toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'Transcript' })).toBeInTheDocument();
  });

  it('shows the server refusing a second running discussion', async () => {
    const user = userEvent.setup();
    await openSetup({
      override: (call) =>
        call.method === 'POST' && call.path === '/api/charioteer/discussions'
          ? { status: 409, body: { error: 'You already have a discussion running. Pause or stop it first.' } }
          : undefined,
    });
    await user.click(seatButton('bot1'));
    await user.click(seatButton('bot2'));
    await user.type(screen.getByLabelText('Topic'), 'Anything');
    await user.click(screen.getByRole('button', { name: 'Start discussion' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have a discussion running. Pause or stop it first.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/charioteer$/);
  });

  it('lists past discussions that reopen at their table', async () => {
    const user = userEvent.setup();
    await openSetup({
      list: [buildDiscussion({ _id: 'disc-1', topic: 'Is tea better than coffee?', status: 'finished' })],
    });
    const past = screen.getByRole('region', { name: 'Past discussions' });
    const link = await within(past).findByRole('link', { name: /Is tea better than coffee\?/ });
    expect(link).toHaveTextContent('Finished');
    await user.click(link);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/charioteer?d=disc-1'));
    expect(await screen.findByRole('heading', { name: 'Is tea better than coffee?' })).toBeInTheDocument();
  });
});
