import { screen, waitFor, within } from '@testing-library/react';
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
import { renderApp } from '../../../test/render.js';

const theirs = buildMessage({ text: 'Are you free on Friday?' });

describe('a conversation’s mute and block', () => {
  it('mutes and unmutes: the bell says which, and the contact shows muted instead of its count', async () => {
    const { calls } = fakeChatServer({
      conversations: [buildConversation(GRACE, { unreadCount: 2 })],
      messages: { [GRACE._id]: [theirs] },
    });
    renderApp('/chat/:grace', { user: ME });
    await screen.findByText(theirs.text);
    const mute = await screen.findByRole('button', { name: 'Mute conversation' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(mute);
    const unmute = await screen.findByRole('button', { name: 'Unmute conversation' });
    expect(unmute).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo(calls, '/api/messages/conversations/conv-grace/mute', 'PUT')[0]?.body).toEqual({
      muted: true,
    });
    const contact = screen.getByRole('link', { name: /@grace/ });
    expect(within(contact).getByText('muted')).toBeInTheDocument();
    expect(within(contact).queryByText('unread')).not.toBeInTheDocument();

    await userEvent.click(unmute);
    expect(await screen.findByRole('button', { name: 'Mute conversation' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/messages/conversations/conv-grace/mute', 'PUT')[1]?.body).toEqual({
      muted: false,
    });
  });

  it('blocks the person after asking, then leaves the conversation', async () => {
    const server = fakeChatServer({
      conversations: [buildConversation(GRACE)],
      messages: { [GRACE._id]: [theirs] },
    });
    renderApp('/chat/:grace', { user: ME });
    await screen.findByText(theirs.text);
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Block @grace?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(server.state.blocked).toEqual([GRACE._id]));
    await waitFor(() => expect(screen.queryByText(theirs.text)).not.toBeInTheDocument());
  });

  it('offers no Block in a persona’s conversation, and no mute before the first message', async () => {
    fakeChatServer({ conversations: [], messages: {} });
    renderApp(`/chat/:${AI.username}`, { user: ME });
    expect(await screen.findByRole('heading', { name: `Chat with @${AI.username}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mute conversation' })).not.toBeInTheDocument();
  });
});
