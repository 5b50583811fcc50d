import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../contracts/messages.js';
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
import { renderApp } from '../../../test/render.js';

const now = () => new Date().toISOString();
const bubbleWith = (text: string) => screen.getByText(text).closest('article') as HTMLElement;

async function open(messages: Message[], partner = GRACE) {
  const server = fakeChatServer({
    conversations: [buildConversation(partner)],
    messages: { [partner._id]: messages },
  });
  renderApp(`/chat/:${partner.username}`, { user: ME });
  await screen.findByText(messages.at(-1)?.text ?? '');
  return server;
}

describe('editing a message in place', () => {
  it('opens one’s own recent message as a field: Enter saves and marks it edited, Escape cancels', async () => {
    const mine = buildMessage({ sender: ME._id, text: 'See you tomorow', createdAt: now() });
    const { calls } = await open([buildMessage({ text: 'When?' }), mine]);
    const user = userEvent.setup();
    // Only one's own message offers it.
    expect(within(bubbleWith('When?')).queryByRole('button', { name: 'Edit message' })).toBeNull();

    await user.click(within(bubbleWith('See you tomorow')).getByRole('button', { name: 'Edit message' }));
    const field = screen.getByRole('textbox', { name: 'Edit message' });
    expect(field).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).toBeNull();

    await user.click(within(bubbleWith('See you tomorow')).getByRole('button', { name: 'Edit message' }));
    await user.clear(screen.getByRole('textbox', { name: 'Edit message' }));
    await user.keyboard('See you tomorrow{Enter}');
    expect(await screen.findByText('See you tomorrow')).toBeInTheDocument();
    expect(callsTo(calls, `/api/messages/${mine._id}`, 'PATCH').map((c) => c.body)).toEqual([
      { text: 'See you tomorrow' },
    ]);
    expect(bubbleWith('See you tomorrow')).toHaveTextContent('edited');
  });

  it('is not offered on a forwarded copy or after 24 hours', async () => {
    const forwarded = buildMessage({
      sender: ME._id,
      text: 'quoted',
      forwardedFrom: 'grace',
      createdAt: now(),
    });
    const old = buildMessage({ sender: ME._id, text: 'long ago' });
    await open([old, forwarded]);
    expect(screen.queryByRole('button', { name: 'Edit message' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Delete message' })).toHaveLength(2);
  });
});

describe('deleting a message for everyone', () => {
  it('asks first, then leaves "message deleted" in italics with no controls', async () => {
    const mine = buildMessage({ sender: ME._id, text: 'Wrong chat', createdAt: now() });
    const { calls } = await open([buildMessage({ text: 'Hi' }), mine]);
    const user = userEvent.setup();
    expect(within(bubbleWith('Hi')).queryByRole('button', { name: 'Delete message' })).toBeNull();

    await user.click(within(bubbleWith('Wrong chat')).getByRole('button', { name: 'Delete message' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this message for everyone?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, '/api/messages/', 'DELETE')).toEqual([]);

    await user.click(within(bubbleWith('Wrong chat')).getByRole('button', { name: 'Delete message' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const tombstone = await screen.findByText('message deleted');
    expect(callsTo(calls, `/api/messages/${mine._id}`, 'DELETE')).toHaveLength(1);
    expect(screen.queryByText('Wrong chat')).toBeNull();
    expect(tombstone.className).toMatch(/deleted/);
    expect(within(tombstone.closest('article') as HTMLElement).queryAllByRole('button')).toEqual([]);
  });

  it('lets the person delete a persona’s reply in their own persona chat', async () => {
    const reply = buildMessage({ sender: AI._id, conversationId: 'conv-nova', text: 'Ahoy' });
    await open([reply], AI);
    expect(within(bubbleWith('Ahoy')).getByRole('button', { name: 'Delete message' })).toBeInTheDocument();
    expect(within(bubbleWith('Ahoy')).queryByRole('button', { name: 'Edit message' })).toBeNull();
  });
});

describe('reactions', () => {
  it('show as chips with counts and who reacted; one’s own is pressed and toggles', async () => {
    const message = buildMessage({
      text: 'We won!',
      reactions: [
        { emoji: '👍', count: 2, people: [GRACE, ME].map(({ _id, username }) => ({ _id, username })) },
      ],
    });
    const { calls } = await open([message]);
    const user = userEvent.setup();
    const chip = screen.getByRole('button', { name: `👍 2 reactions: @${GRACE.username}, @${ME.username}` });
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    await user.click(chip);
    expect(await screen.findByRole('button', { name: `👍 1 reaction: @${GRACE.username}` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(callsTo(calls, `/api/messages/${message._id}/reactions/`, 'DELETE')).toHaveLength(1);
  });

  it('are picked from six emoji with the keyboard', async () => {
    const message = buildMessage({ text: 'Good news' });
    const { calls } = await open([message]);
    const user = userEvent.setup();
    await user.click(within(bubbleWith('Good news')).getByRole('button', { name: 'Add reaction' }));
    const picker = screen.getByRole('toolbar', { name: 'Reactions' });
    expect(within(picker).getAllByRole('button')).toHaveLength(6);
    expect(within(picker).getByRole('button', { name: 'React with 👍' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(picker).getByRole('button', { name: 'React with ❤️' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add reaction' })).toHaveFocus();
    expect(await screen.findByRole('button', { name: `❤️ 1 reaction: @${ME.username}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const put = callsTo(calls, `/api/messages/${message._id}/reactions/`, 'PUT');
    expect(put.map((c) => decodeURIComponent(c.path.split('/').at(-1) ?? ''))).toEqual(['❤️']);
  });
});

describe('live changes from other tabs and people', () => {
  it('apply messageEdited, messageDeleted and reactionsChanged to the open conversation', async () => {
    const first = buildMessage({ text: 'Typo heer' });
    const second = buildMessage({ text: 'Oops' });
    await open([first, second]);
    const socket = latestSocket();
    const ids = (message: Message) => ({ conversationId: message.conversationId, messageId: message._id });
    act(() => socket.serverEmit('messageEdited', { ...ids(first), text: 'Typo here', editedAt: now() }));
    expect(await screen.findByText('Typo here')).toBeInTheDocument();
    expect(bubbleWith('Typo here')).toHaveTextContent('edited');

    act(() =>
      socket.serverEmit('reactionsChanged', {
        ...ids(first),
        reactions: [{ emoji: '😂', count: 1, people: [{ _id: GRACE._id, username: GRACE.username }] }],
      }),
    );
    expect(
      await screen.findByRole('button', { name: `😂 1 reaction: @${GRACE.username}` }),
    ).toBeInTheDocument();

    act(() => socket.serverEmit('messageDeleted', ids(second)));
    await waitFor(() => expect(screen.queryByText('Oops')).toBeNull());
    expect(screen.getByText('message deleted')).toBeInTheDocument();
  });
});
