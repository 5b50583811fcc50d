import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AI,
  GRACE,
  ME,
  buildConversation,
  buildMessage,
  callsTo,
  fakeChatServer,
} from '../../../test/chat-server.js';
import { latestSocket } from '../../../test/fake-socket.js';
import { buildProfile } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { must } from '../../../test/must.js';

const BOB = buildProfile({ _id: 'bob-id', username: 'bob', name: 'Bob' });
const contacts = () => screen.getByRole('list', { name: 'Conversations' });
const contact = (name: string) => within(contacts()).getByRole('link', { name: new RegExp(`@${name}`) });
// The second paragraph of a bubble is its text (the first names the sender).
const bubbles = () =>
  screen.getAllByRole('article').map((article) => article.querySelectorAll('p')[1]?.textContent);

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}
afterEach(() => {
  visibility = 'visible';
});

async function openGrace(history = [buildMessage({ text: 'Hi Ada', seen: true })], extra = {}) {
  const server = fakeChatServer({
    profiles: [GRACE, AI, BOB],
    conversations: [
      buildConversation(GRACE, { updatedAt: '2024-05-07T12:00:00.000Z' }),
      buildConversation(AI, { updatedAt: '2024-05-07T11:00:00.000Z', unreadCount: 0 }),
    ],
    messages: { [GRACE._id]: history },
    ...extra,
  });
  renderApp('/chat/:grace', { user: ME });
  await screen.findByText(history.at(-1)?.text ?? 'No messages yet. Say hello to @grace.');
  const socket = latestSocket();
  act(() => socket.serverConnect());
  return { ...server, socket };
}

describe('newMessage', () => {
  it('appends a message to the open conversation once, however often it is delivered', async () => {
    const { socket } = await openGrace();
    const message = buildMessage({ text: 'Are you there?' });
    act(() => {
      socket.serverEmit('newMessage', message);
      socket.serverEmit('newMessage', message);
    });
    expect(await within(screen.getByRole('log')).findByText('Are you there?')).toBeInTheDocument();
    expect(within(screen.getByRole('log')).getAllByText('Are you there?')).toHaveLength(1);
    expect(within(contact('grace')).getByText('Are you there?')).toBeInTheDocument();
  });

  it('dedupes my own message: the POST answer and its newMessage echo show once', async () => {
    const { socket, state } = await openGrace();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message @grace' }), 'Echo test{Enter}');
    await within(screen.getByRole('log')).findByText('Echo test');
    act(() => socket.serverEmit('newMessage', must(must(state.messages[GRACE._id]).at(-1))));
    await waitFor(() => expect(contact('grace')).toHaveTextContent('Echo test'));
    expect(within(screen.getByRole('log')).getAllByText('Echo test')).toHaveLength(1);
  });

  it('updates another conversation in the list: preview, unread count, moved to the top', async () => {
    const { socket } = await openGrace();
    act(() =>
      socket.serverEmit(
        'newMessage',
        buildMessage({
          conversationId: 'conv-ai',
          sender: AI._id,
          text: 'Beep',
          createdAt: '2024-05-08T00:00:00.000Z',
        }),
      ),
    );
    await waitFor(() => expect(within(contacts()).getAllByRole('link')[0]).toHaveTextContent('@ai'));
    const entries = within(contacts()).getAllByRole('link');
    expect(entries[0]).toHaveTextContent('Beep');
    expect(entries[0]).toHaveTextContent('1 unread');
    expect(within(screen.getByRole('log')).queryByText('Beep')).not.toBeInTheDocument();
  });

  it('refetches the list when someone without an entry writes', async () => {
    const { socket, state, calls } = await openGrace();
    const before = callsTo(calls, '/api/messages/conversations').length;
    state.conversations = [
      buildConversation(BOB, { updatedAt: '2024-05-09T00:00:00.000Z', unreadCount: 1 }),
      ...state.conversations,
    ];
    act(() =>
      socket.serverEmit(
        'newMessage',
        buildMessage({ conversationId: 'conv-bob', sender: BOB._id, text: 'New here' }),
      ),
    );
    await waitFor(() => expect(within(contacts()).getAllByRole('link')[0]).toHaveTextContent('@bob'));
    expect(callsTo(calls, '/api/messages/conversations').length).toBe(before + 1);
  });

  it('shows refused socket actions in a toast', async () => {
    const { socket } = await openGrace();
    act(() =>
      socket.serverEmit('messageError', {
        error: 'You are not part of this conversation',
        code: 'forbidden',
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('You are not part of this conversation');
  });
});

describe('messageChanged', () => {
  it('shows a removed message’s new text at once, and reads the list again', async () => {
    const hello = buildMessage({ text: 'Hi Ada' });
    const nasty = buildMessage({ text: 'you are awful' });
    const { socket, calls } = await openGrace([hello, nasty]);
    const listReads = callsTo(calls, '/api/messages/conversations').length;
    act(() =>
      socket.serverEmit('messageChanged', {
        conversationId: nasty.conversationId,
        messageId: nasty._id,
        text: '[removed by a moderator]',
      }),
    );
    await waitFor(() => expect(bubbles()).toEqual(['Hi Ada', '[removed by a moderator]']));
    await waitFor(() =>
      expect(callsTo(calls, '/api/messages/conversations').length).toBeGreaterThan(listReads),
    );
  });
});

describe('seen marks', () => {
  it('tells the server when the last message is theirs and unseen, and clears the unread badge', async () => {
    const server = fakeChatServer({
      conversations: [buildConversation(GRACE, { unreadCount: 2 })],
      messages: { [GRACE._id]: [buildMessage({ text: 'One' }), buildMessage({ text: 'Two' })] },
    });
    renderApp('/chat/:grace', { user: ME });
    await screen.findByText('Two');
    await waitFor(() =>
      expect(latestSocket().sent('markMessagesAsSeen')).toEqual([
        [{ conversationId: 'conv-grace', userId: ME._id }],
      ]),
    );
    expect(contact('grace')).not.toHaveTextContent('unread');
    expect(server.state.conversations[0]?.unreadCount).toBe(2);
  });

  it('does not report my own last message, and marks it "Seen" when the other person reads it', async () => {
    const { socket } = await openGrace([
      buildMessage({ text: 'Hi', seen: true }),
      buildMessage({ sender: ME._id, text: 'Hello back' }),
    ]);
    expect(socket.sent('markMessagesAsSeen')).toEqual([]);
    expect(screen.queryByText('Seen')).not.toBeInTheDocument();
    act(() => socket.serverEmit('messagesSeen', { conversationId: 'conv-grace', seenBy: GRACE._id }));
    const log = screen.getByRole('log');
    expect(await within(log).findByText('Seen')).toBeInTheDocument();
    expect(within(log).getAllByText('Seen')).toHaveLength(1);
  });

  it('reports a message that arrives while open, but only once the tab is visible', async () => {
    const { socket } = await openGrace();
    setVisibility('hidden');
    act(() => socket.serverEmit('newMessage', buildMessage({ text: 'While you were away' })));
    await waitFor(() => expect(contact('grace')).toHaveTextContent('1 unread'));
    expect(socket.sent('markMessagesAsSeen')).toEqual([]);
    setVisibility('visible');
    await waitFor(() => expect(socket.sent('markMessagesAsSeen')).toHaveLength(1));
    expect(contact('grace')).not.toHaveTextContent('unread');
  });
});

describe('reconnecting', () => {
  it('shows "Reconnecting…" while away, then back-fills what was missed without duplicates', async () => {
    const history = [
      buildMessage({ text: 'Before 1', seen: true }),
      buildMessage({ text: 'Before 2', seen: true }),
    ];
    const { socket, state } = await openGrace(history);
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();

    act(() => socket.serverDisconnect());
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();

    // 60 messages arrive while this tab is away: more than one page.
    const missed = Array.from({ length: 60 }, (_, i) =>
      buildMessage({ text: `Missed ${i + 1}`, seen: true }),
    );
    state.messages[GRACE._id] = [...history, ...missed];
    state.conversations = [
      buildConversation(GRACE, {
        latestMessage: { text: 'Missed 60', sender: GRACE._id, seen: true },
        updatedAt: '2024-05-10T00:00:00.000Z',
      }),
    ];
    act(() => socket.serverConnect());
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
    await waitFor(() => expect(bubbles()).toHaveLength(62));
    expect(bubbles()).toEqual(['Before 1', 'Before 2', ...missed.map((m) => m.text)]);
    // Delivered again by a late event: still once.
    act(() => socket.serverEmit('newMessage', must(missed[59])));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bubbles()).toHaveLength(62);
    expect(within(contacts()).getAllByRole('link')).toHaveLength(1);
  });
});
