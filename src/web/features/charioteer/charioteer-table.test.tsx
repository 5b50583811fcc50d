import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Discussion } from '../../../contracts/charioteer.js';
import type { ServerEventName, ServerEventPayload } from '../../../contracts/realtime.js';
import { latestSocket, type FakeSocket } from '../../test/fake-socket.js';
import { renderApp } from '../../test/render.js';
import {
  ME,
  buildDiscussion,
  buildTurn,
  callsTo,
  fakeCharioteerServer,
} from '../../test/charioteer-server.js';

const log = () => screen.getByRole('log', { name: 'Transcript' });
const streaming = () => log().querySelector<HTMLElement>('[data-streaming]');
const turnTexts = () =>
  within(log())
    .queryAllByRole('article')
    .map((article) => article.querySelectorAll('p')[1]?.textContent);
const turnSpeakers = () =>
  within(log())
    .queryAllByRole('article')
    .map((article) => article.querySelectorAll('p')[0]?.textContent);
const button = (name: string) => screen.getByRole('button', { name });
const statusLine = () => screen.getByTestId('discussion-status');

async function openTable(options: Parameters<typeof fakeCharioteerServer>[0] = {}) {
  const server = fakeCharioteerServer(options);
  renderApp('/charioteer?d=disc-1', { user: ME });
  await screen.findByRole('heading', { name: 'Is tea better than coffee?' });
  const socket = latestSocket();
  act(() => socket.serverConnect());
  return { ...server, socket };
}

const emit = <E extends ServerEventName>(socket: FakeSocket, event: E, payload: ServerEventPayload<E>) =>
  act(() => socket.serverEmit(event, payload));
/** The query cache tells its observers on the next tick, so a status change is awaited. */
const status = (socket: FakeSocket, discussion: Discussion) =>
  act(async () => {
    socket.serverEmit('charioteerStatus', { discussionId: discussion._id, discussion });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('the table', () => {
  it('shows the seats, the stored transcript and the status', async () => {
    await openTable({
      turns: [
        buildTurn(),
        buildTurn({
          _id: 'turn-2',
          speakerId: ME._id,
          speakerKind: 'user',
          text: '<b>Coffee</b> please',
          createdAt: '2024-05-07T10:00:02.000Z',
        }),
      ],
      discussion: buildDiscussion({ turnsLeft: 7 }),
    });
    const seats = screen.getByRole('list', { name: 'Seats: choose who speaks next' });
    expect(
      within(seats)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Bot Number 1 @bot1 speaks next',
      'Bot Number 2 @bot2 speaks next',
      'Bot Number 3 @bot3 speaks next',
    ]);
    expect(turnSpeakers()).toEqual(['@bot1', 'You']);
    // Text only: markup in a turn is shown as typed.
    expect(turnTexts()).toEqual(['Tea, obviously.', '<b>Coffee</b> please']);
    expect(statusLine()).toHaveTextContent('Running7 turns left');
  });

  it('streams a turn word by word into a live turn, then swaps in the stored one', async () => {
    const { socket } = await openTable();
    emit(socket, 'charioteerTurnStart', { discussionId: 'disc-1', turnId: 't-live', speakerId: 'persona-2' });
    expect(within(log()).getByRole('status')).toHaveTextContent('@bot2 is speaking…');
    const seat = screen.getByRole('button', { name: 'Bot Number 2 @bot2 speaks next' }).closest('li');
    expect(seat).toHaveTextContent('speaking…');
    emit(socket, 'charioteerTurnDelta', { discussionId: 'disc-1', turnId: 't-live', delta: 'Hello! ' });
    emit(socket, 'charioteerTurnDelta', { discussionId: 'disc-1', turnId: 't-live', delta: 'I am' });
    // Another discussion's words never land here.
    emit(socket, 'charioteerTurnDelta', { discussionId: 'other', turnId: 't-x', delta: 'nope' });
    expect(streaming()).toHaveAttribute('aria-busy', 'true');
    expect(streaming()?.querySelectorAll('p')[1]?.textContent).toBe('Hello! I am');
    expect(streaming()?.querySelectorAll('p')[0]?.textContent).toBe('@bot2');
    emit(socket, 'charioteerTurn', {
      discussionId: 'disc-1',
      turn: buildTurn({ _id: 't-live', speakerId: 'persona-2', text: 'Hello! I am your assistant.' }),
    });
    expect(streaming()).toBeNull();
    expect(turnTexts()).toEqual(['Hello! I am your assistant.']);
    expect(seat).not.toHaveTextContent('speaking…');
    // A late delta for a stored turn does not bring the live copy back.
    emit(socket, 'charioteerTurnDelta', { discussionId: 'disc-1', turnId: 't-live', delta: ' again' });
    expect(streaming()).toBeNull();
  });

  it('keeps a stopped turn as what was said so far, marked as cut short', async () => {
    const { socket } = await openTable({
      turns: [buildTurn({ _id: 'turn-0', text: 'Said in full.', cutShort: false })],
    });
    emit(socket, 'charioteerTurnStart', { discussionId: 'disc-1', turnId: 'turn-1', speakerId: 'persona-2' });
    emit(socket, 'charioteerTurnDelta', { discussionId: 'disc-1', turnId: 'turn-1', delta: 'Half of my' });
    emit(socket, 'charioteerTurn', {
      discussionId: 'disc-1',
      turn: buildTurn({ _id: 'turn-1', speakerId: 'persona-2', text: 'Half of my', cutShort: true }),
    });
    await status(socket, buildDiscussion({ status: 'stopped' }));
    expect(streaming()).toBeNull();
    const [whole, cut] = within(log()).getAllByRole('article');
    expect(cut).toHaveTextContent('Half of my (cut short)');
    expect(cut).toHaveAttribute('data-cut-short', 'true');
    expect(within(cut as HTMLElement).getByTitle('Stopped before the end of the turn')).toHaveTextContent(
      '(cut short): stopped before the end of the turn',
    );
    expect(whole).not.toHaveTextContent('cut short');
  });

  it('shows a join-in during a turn after that turn, live and stored alike (the stored order, by id)', async () => {
    const user = userEvent.setup();
    const { socket } = await openTable({ turns: [buildTurn({ _id: 'turn-1' })] });
    emit(socket, 'charioteerTurnStart', { discussionId: 'disc-1', turnId: 'turn-2', speakerId: 'persona-2' });
    emit(socket, 'charioteerTurnDelta', { discussionId: 'disc-1', turnId: 'turn-2', delta: 'Well, I' });
    // The join-in is stored while the turn is spoken: its id ('turn-mine') comes after the turn's.
    await user.type(screen.getByLabelText('Join in'), 'What about matcha?{Enter}');
    await waitFor(() => expect(turnTexts()).toHaveLength(3));
    expect(turnTexts()).toEqual(['Tea, obviously.', 'Well, I', 'What about matcha?']);
    expect(turnSpeakers()).toEqual(['@bot1', '@bot2', 'You']);
    // The turn is stored when it ends, after the join-in was written: the order stays the same.
    emit(socket, 'charioteerTurn', {
      discussionId: 'disc-1',
      turn: buildTurn({
        _id: 'turn-2',
        speakerId: 'persona-2',
        text: 'Well, I prefer tea.',
        createdAt: '2024-05-07T10:06:00.000Z',
      }),
    });
    expect(streaming()).toBeNull();
    expect(turnTexts()).toEqual(['Tea, obviously.', 'Well, I prefer tea.', 'What about matcha?']);
  });

  it('opens a turn from search (&turn=): scrolls to it, marks it and focuses it, then forgets it', async () => {
    const turns = Array.from({ length: 30 }, (_, i) =>
      buildTurn({ _id: `turn-${String(i).padStart(2, '0')}`, text: `Point number ${i}.` }),
    );
    fakeCharioteerServer({ turns });
    renderApp('/charioteer?d=disc-1&turn=turn-07', { user: ME });
    const found = () => log().querySelector<HTMLElement>('[data-turn-id="turn-07"]');
    await waitFor(() => expect(found()).toHaveFocus());
    expect(found()).toHaveTextContent('Point number 7.');
    expect(found()?.className).toMatch(/found/);
    expect(log().querySelectorAll('[class*="found"]')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/charioteer?d=disc-1'));
  });

  it('says so when the turn opened from search is not in the discussion', async () => {
    fakeCharioteerServer({ turns: [buildTurn()] });
    renderApp('/charioteer?d=disc-1&turn=turn-gone', { user: ME });
    expect(await screen.findByText('That turn is not in this discussion any more.')).toBeVisible();
    expect(turnTexts()).toEqual(['Tea, obviously.']);
  });

  it('enables the controls that fit each status', async () => {
    const user = userEvent.setup();
    const { socket, calls } = await openTable();
    expect(button('Pause')).toBeEnabled();
    expect(button('Stop')).toBeEnabled();
    expect(button('Resume')).toBeDisabled();

    await user.click(button('Pause'));
    await waitFor(() => expect(statusLine()).toHaveTextContent('Paused10 turns left'));
    expect(callsTo(calls, 'POST', '/api/charioteer/discussions/disc-1/pause')).toHaveLength(1);
    expect(button('Pause')).toBeDisabled();
    expect(button('Resume')).toBeEnabled();
    expect(button('Stop')).toBeEnabled();

    await user.selectOptions(screen.getByLabelText('More turns'), '4');
    await user.click(button('Resume'));
    await waitFor(() => expect(statusLine()).toHaveTextContent('Running4 turns left'));
    expect(callsTo(calls, 'POST', '/api/charioteer/discussions/disc-1/resume')[0]?.body).toEqual({
      turns: 4,
    });

    // A turn under way is dropped when the discussion is stopped.
    emit(socket, 'charioteerTurnStart', { discussionId: 'disc-1', turnId: 't-9', speakerId: 'persona-1' });
    emit(socket, 'charioteerTurnDelta', { discussionId: 'disc-1', turnId: 't-9', delta: 'Half a' });
    expect(streaming()).not.toBeNull();
    await status(socket, buildDiscussion({ status: 'stopped', turnsLeft: 0 }));
    expect(streaming()).toBeNull();
    expect(statusLine()).toHaveTextContent('Stopped');
    expect(button('Pause')).toBeDisabled();
    expect(button('Stop')).toBeDisabled();
    expect(button('Resume')).toBeEnabled();

    await status(socket, buildDiscussion({ status: 'finished', turnsLeft: 0 }));
    expect(statusLine()).toHaveTextContent('Finished');
    expect(button('Resume')).toBeEnabled();
  });

  it('shows a failure as an alert and keeps the transcript', async () => {
    const { socket } = await openTable({ turns: [buildTurn()] });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await status(
      socket,
      buildDiscussion({ status: 'failed', turnsLeft: 2, error: 'The AI provider could not answer.' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The AI provider could not answer.');
    expect(statusLine()).toHaveTextContent('Failed');
    expect(turnTexts()).toEqual(['Tea, obviously.']);
    expect(button('Resume')).toBeEnabled();
    expect(button('Pause')).toBeDisabled();
  });

  it('picks the next speaker by clicking a seat', async () => {
    const user = userEvent.setup();
    const { calls } = await openTable();
    expect(screen.getByText(/Next speaker:/)).toHaveTextContent('Next speaker: in seat order');
    await user.click(button('Bot Number 3 @bot3 speaks next'));
    await waitFor(() =>
      expect(button('Bot Number 3 @bot3 speaks next')).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(callsTo(calls, 'POST', '/api/charioteer/discussions/disc-1/next')[0]?.body).toEqual({
      personaId: 'persona-3',
    });
    expect(screen.getByText(/Next speaker:/)).toHaveTextContent('Next speaker: @bot3');
    expect(button('Bot Number 1 @bot1 speaks next')).toHaveAttribute('aria-pressed', 'false');
  });

  it('joins in with a message of my own, shown once even when the socket echoes it', async () => {
    const user = userEvent.setup();
    const { socket, calls } = await openTable();
    const box = screen.getByLabelText('Join in');
    expect(button('Send')).toBeDisabled();
    await user.type(box, 'What about matcha?');
    await user.click(button('Send'));
    await waitFor(() => expect(turnTexts()).toEqual(['What about matcha?']));
    expect(callsTo(calls, 'POST', '/api/charioteer/discussions/disc-1/messages')[0]?.body).toEqual({
      text: 'What about matcha?',
    });
    expect(box).toHaveValue('');
    expect(turnSpeakers()).toEqual(['You']);
    emit(socket, 'charioteerTurn', {
      discussionId: 'disc-1',
      turn: buildTurn({
        _id: 'turn-mine',
        speakerId: ME._id,
        speakerKind: 'user',
        text: 'What about matcha?',
        createdAt: '2024-05-07T10:05:00.000Z',
      }),
    });
    expect(turnTexts()).toEqual(['What about matcha?']);
    // Enter sends too.
    await user.type(box, 'And rooibos?{Enter}');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/charioteer/discussions/disc-1/messages')).toHaveLength(2),
    );
  });

  it('exports the transcript as a note', async () => {
    const user = userEvent.setup();
    const { calls } = await openTable({ turns: [buildTurn()] });
    await user.click(button('Export as note'));
    expect(
      await screen.findByText(/Saved as a note: “Charioteer: Is tea better than cof”/),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/charioteer/discussions/disc-1/export')).toHaveLength(1);
  });

  it('shows why an action was refused', async () => {
    const user = userEvent.setup();
    await openTable({
      override: (call) =>
        call.path.endsWith('/pause')
          ? { status: 409, body: { error: 'This discussion is not running' } }
          : undefined,
    });
    await user.click(button('Pause'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This discussion is not running');
  });

  it('says when a discussion cannot be opened', async () => {
    fakeCharioteerServer({
      override: (call) =>
        call.path === '/api/charioteer/discussions/disc-1'
          ? { status: 403, body: { error: 'This discussion belongs to someone else' } }
          : undefined,
    });
    renderApp('/charioteer?d=disc-1', { user: ME });
    expect(await screen.findByRole('alert')).toHaveTextContent('This discussion belongs to someone else');
    expect(screen.getByRole('link', { name: 'Back to Charioteer' })).toBeInTheDocument();
  });
});
