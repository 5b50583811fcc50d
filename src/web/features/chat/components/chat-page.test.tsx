import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
import { setViewport } from '../../../test/media.js';
import { renderApp } from '../../../test/render.js';
import { must } from '../../../test/must.js';

const BOB = buildProfile({ _id: 'bob-id', username: 'bob', name: 'Bob' });
const location = () => screen.getByTestId('location').textContent;
const contacts = () => screen.getByRole('list', { name: 'Conversations' });

describe('chat screen: contacts', () => {
  it('lists conversations newest first with @username, a 100-character preview and unread counts', async () => {
    fakeChatServer({
      profiles: [GRACE, AI, BOB],
      conversations: [
        buildConversation(BOB, { updatedAt: '2024-05-05T09:00:00.000Z' }),
        buildConversation(GRACE, {
          updatedAt: '2024-05-07T09:00:00.000Z',
          latestMessage: { text: `${'g'.repeat(100)}hidden tail`, sender: GRACE._id, seen: false },
          unreadCount: 2,
        }),
        buildConversation(AI, { updatedAt: '2024-05-06T09:00:00.000Z' }),
      ],
    });
    renderApp('/chat', { user: ME });
    await waitFor(() => expect(contacts()).toBeInTheDocument());
    const entries = within(contacts()).getAllByRole('link');
    expect(entries.map((entry) => within(entry).getByText(/^@/).textContent)).toEqual([
      '@grace',
      '@ai',
      '@bob',
    ]);
    expect(within(must(entries[0])).getByText(`${'g'.repeat(100)}...`)).toBeInTheDocument();
    expect(entries[0]).toHaveTextContent('2 unread');
    expect(entries[1]).not.toHaveTextContent('unread');
    expect(entries[0]).toHaveAttribute('href', '/chat/:grace');
    expect(screen.getByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
  });

  it('shows an online dot and a "connected" marker for contacts the server reports online', async () => {
    fakeChatServer({ conversations: [buildConversation(GRACE), buildConversation(AI)] });
    renderApp('/chat', { user: ME });
    await waitFor(() => expect(contacts()).toBeInTheDocument());
    expect(screen.queryByText('connected')).not.toBeInTheDocument();

    const socket = latestSocket();
    act(() => {
      socket.serverConnect();
      socket.serverEmit('getOnlineUsers', [GRACE._id]);
    });
    const [grace, ai] = within(contacts()).getAllByRole('link');
    expect(within(must(grace)).getByText('connected')).toBeInTheDocument();
    expect(within(must(grace)).getByTestId('online-dot')).toBeInTheDocument();
    expect(within(must(ai)).queryByText('connected')).not.toBeInTheDocument();

    act(() => socket.serverEmit('userOnline', AI._id));
    expect(within(must(ai)).getByText('connected')).toBeInTheDocument();
    act(() => socket.serverEmit('userOffline', GRACE._id));
    expect(within(must(grace)).queryByText('connected')).not.toBeInTheDocument();
  });

  it('shows nobody as connected while our own connection is down, and asks again on reconnect', async () => {
    fakeChatServer({ conversations: [buildConversation(GRACE), buildConversation(AI)] });
    renderApp('/chat', { user: ME });
    await waitFor(() => expect(contacts()).toBeInTheDocument());
    const socket = latestSocket();
    act(() => {
      socket.serverConnect();
      socket.serverEmit('getOnlineUsers', [GRACE._id, AI._id]);
    });
    expect(within(contacts()).getAllByText('connected')).toHaveLength(2);

    act(() => socket.serverDisconnect());
    expect(within(contacts()).queryByText('connected')).not.toBeInTheDocument();
    expect(within(contacts()).queryByTestId('online-dot')).not.toBeInTheDocument();

    act(() => {
      socket.serverConnect();
      socket.serverEmit('getOnlineUsers', [AI._id]);
    });
    const [grace, ai] = within(contacts()).getAllByRole('link');
    expect(within(must(ai)).getByText('connected')).toBeInTheDocument();
    expect(within(must(grace)).queryByText('connected')).not.toBeInTheDocument();
  });

  it('announces a conversation-list failure in a toast with the message and offers a retry', async () => {
    const { state } = fakeChatServer({}, (call) =>
      call.path === '/api/messages/conversations'
        ? { status: 500, body: { error: 'Database is asleep' } }
        : undefined,
    );
    renderApp('/chat', { user: ME });
    const toast = await screen.findByText('Could not load conversations: Database is asleep');
    expect(toast.closest('[role="alert"]')).toBeInTheDocument();
    expect(state.conversations).toEqual([]);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('on narrow screens opens the contacts from a header button as a left drawer', async () => {
    setViewport({ width: 375 });
    fakeChatServer({ conversations: [buildConversation(GRACE)] });
    renderApp('/chat', { user: ME });
    expect(screen.queryByRole('heading', { name: 'Contacts' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open contacts' }));
    const drawer = screen.getByRole('dialog', { name: 'Contacts' });
    expect(drawer).toHaveAttribute('data-side', 'left');
    await userEvent.click(await within(drawer).findByRole('link', { name: /@grace/ }));
    expect(location()).toBe('/chat/:grace');
  });

  it('collapses and restores the sidebar on wide screens', async () => {
    fakeChatServer();
    renderApp('/chat', { user: ME });
    await userEvent.click(screen.getByRole('button', { name: 'Hide contacts' }));
    expect(screen.queryByRole('heading', { name: 'Contacts' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show contacts' }));
    expect(screen.getByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
  });
});

describe('chat screen: opening a conversation by address', () => {
  it('shows five loading bars, then the messages of /chat/:grace', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    fakeChatServer(
      {
        conversations: [buildConversation(GRACE)],
        messages: { [GRACE._id]: [buildMessage({ text: 'Hi Ada' })] },
      },
      async (call) =>
        call.path.startsWith(`/api/messages/${GRACE._id}`) ? (await gate, undefined) : undefined,
    );
    renderApp('/chat/:grace', { user: ME });
    expect(await screen.findAllByTestId('loading-bar')).toHaveLength(5);
    release();
    expect(await screen.findByText('Hi Ada')).toBeInTheDocument();
    expect(screen.queryByTestId('loading-bar')).not.toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'Messages with @grace' })).toHaveAttribute('aria-live', 'polite');
  });

  it('shows a deleted account’s conversation as with "deleted account", to read but not to answer', async () => {
    const gone = buildProfile({ _id: 'gone-id', username: 'gone', name: '', bio: '', deleted: true });
    fakeChatServer({
      profiles: [GRACE, AI, gone],
      conversations: [
        buildConversation(gone, {
          participants: [{ ...must(buildConversation(gone).participants[0]), deleted: true }],
        }),
      ],
      messages: { [gone._id]: [buildMessage({ sender: gone._id, text: 'Bye for now' })] },
    });
    renderApp('/chat/:gone', { user: ME });
    await waitFor(() => expect(contacts()).toBeInTheDocument());
    const entry = within(contacts()).getByRole('link');
    expect(entry).toHaveTextContent('deleted account');
    expect(entry).not.toHaveTextContent('@gone');
    const log = await screen.findByRole('log', { name: 'Messages with deleted account' });
    expect(await within(log).findByText('Bye for now')).toBeInTheDocument();
    expect(within(log).queryByText('@gone')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Chat with deleted account' })).toBeInTheDocument();
    expect(
      screen.getByText(/This account was deleted\. You can read this conversation, but not reply\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message @gone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /block/i })).not.toBeInTheDocument();
  });

  it('says "no user with that name" for an unknown username', async () => {
    fakeChatServer();
    renderApp('/chat/:nobody', { user: ME });
    expect(await screen.findByRole('alert')).toHaveTextContent(/no user with that name/i);
    expect(screen.getByRole('heading', { name: 'Chat with @nobody' })).toBeInTheDocument();
  });

  it('sends /chat/:{my own name} back to the list', async () => {
    fakeChatServer();
    renderApp(`/chat/:${ME.username}`, { user: ME });
    await waitFor(() => expect(location()).toBe('/chat'));
    expect(screen.getByRole('heading', { name: 'Your messages' })).toBeInTheDocument();
  });

  it('opens a new person as a mock conversation: no messages call, no list entry, no loading bars', async () => {
    const { calls } = fakeChatServer();
    renderApp('/chat/:grace', { user: ME });
    expect(await screen.findByText('No messages yet. Say hello to @grace.')).toBeInTheDocument();
    expect(screen.queryByTestId('loading-bar')).not.toBeInTheDocument();
    expect(callsTo(calls, `/api/messages/${GRACE._id}`)).toHaveLength(0);
    expect(screen.queryByRole('link', { name: /@grace/ })).not.toBeInTheDocument();
  });

  it('loads older messages with ?before= when asked, keeping every message once', async () => {
    const history = Array.from({ length: 60 }, (_, i) => buildMessage({ text: `Line ${i + 1}` }));
    const { calls } = fakeChatServer({
      conversations: [buildConversation(GRACE)],
      messages: { [GRACE._id]: history },
    });
    renderApp('/chat/:grace', { user: ME });
    expect(await screen.findByText('Line 60')).toBeInTheDocument();
    expect(screen.queryByText('Line 10')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(await screen.findByText('Line 1')).toBeInTheDocument();
    const older = callsTo(calls, `/api/messages/${GRACE._id}`).at(-1);
    expect(older?.path).toContain(`before=${must(history[10])._id}`);
    expect(screen.getAllByRole('article')).toHaveLength(60);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });
});

describe('chat screen: keyboard', () => {
  const three = () =>
    fakeChatServer({
      profiles: [GRACE, AI, BOB],
      conversations: [buildConversation(GRACE), buildConversation(AI), buildConversation(BOB)],
      messages: { [AI._id]: [buildMessage({ conversationId: 'conv-ai', sender: AI._id, text: 'Hi there' })] },
    });

  it('makes the contact list one tab stop, the open conversation first, with arrows, Home and End inside', async () => {
    three();
    const user = userEvent.setup();
    renderApp('/chat/:ai', { user: ME });
    await waitFor(() => expect(within(contacts()).getAllByRole('link')).toHaveLength(3));
    const [grace, ai, bob] = within(contacts()).getAllByRole('link');
    expect([grace, ai, bob].map((link) => link?.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);

    must(ai).focus();
    await user.keyboard('{ArrowDown}');
    expect(bob).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(bob).toHaveFocus();
    await user.keyboard('{Home}');
    expect(grace).toHaveFocus();
    expect(grace).toHaveAttribute('tabindex', '0');
    await user.keyboard('{End}');
    expect(bob).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(ai).toHaveFocus();
    // One Tab leaves the list.
    await user.tab();
    expect(contacts()).not.toContainElement(document.activeElement as HTMLElement);
  });

  it('offers "Skip to message box" right after the search, which puts the caret in the composer', async () => {
    three();
    const user = userEvent.setup();
    renderApp('/chat/:ai', { user: ME });
    const box = await screen.findByRole('textbox', { name: 'Message @ai' });
    await user.click(screen.getByRole('searchbox', { name: 'Search usernames' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to message box' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(box).toHaveFocus();
  });

  it('has no skip link while no conversation is open', async () => {
    three();
    renderApp('/chat', { user: ME });
    await waitFor(() => expect(contacts()).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Skip to message box' })).not.toBeInTheDocument();
  });
});
