import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '../../../../contracts/errors.js';
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
import { useChatStore } from '../hooks/chat-store.js';
import { BUSY_RETRYING, composerPlaceholder, UNANSWERED_RETRYING } from './composer.js';

const composer = (handle = 'grace') => screen.getByRole('textbox', { name: `Message @${handle}` });
const log = () => within(screen.getByRole('log'));
const posts = (calls: Parameters<typeof callsTo>[0]) => callsTo(calls, '/api/messages', 'POST');

async function openGrace(override?: Parameters<typeof fakeChatServer>[1]) {
  const server = fakeChatServer(
    {
      conversations: [buildConversation(GRACE)],
      messages: { [GRACE._id]: [buildMessage({ text: 'Hi Ada' })] },
    },
    override,
  );
  renderApp('/chat/:grace', { user: ME });
  await screen.findByText('Hi Ada');
  return server;
}

describe('composer', () => {
  it('shows the recipient handle as placeholder, with " ai" for AI personas', () => {
    expect(composerPlaceholder('ada', false)).toBe('@ada');
    expect(composerPlaceholder('ai', true)).toBe('@ai ai');
  });

  it('Enter sends; Shift+Enter inserts a newline; the sent text appears and the box empties', async () => {
    const { calls } = await openGrace();
    expect(composer()).toHaveAttribute('placeholder', '@grace');
    await userEvent.type(composer(), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(composer()).toHaveValue('First line\nsecond line');
    expect(posts(calls)).toHaveLength(0);

    await userEvent.type(composer(), '{Enter}');
    await waitFor(() => expect(composer()).toHaveValue(''));
    expect(posts(calls)[0]?.body).toEqual({
      message: 'First line\nsecond line',
      recipientId: GRACE._id,
      clientMessageId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const bubble = await log().findByText(/First line/);
    expect(bubble.textContent).toBe('First line\nsecond line');
  });

  it('ignores empty text', async () => {
    const { calls } = await openGrace();
    await userEvent.type(composer(), '   {Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(posts(calls)).toHaveLength(0);
  });

  it('blocks a second send while one is in flight', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = await openGrace(async (call) =>
      call.method === 'POST' ? (await gate, undefined) : undefined,
    );
    await userEvent.type(composer(), 'Once{Enter}');
    await userEvent.type(composer(), '{Enter}{Enter}');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(posts(calls)).toHaveLength(1);
    release();
    await waitFor(() => expect(composer()).toHaveValue(''));
    expect(log().getAllByText('Once')).toHaveLength(1);
  });

  it('"clean slate" clears the local history and sends nothing', async () => {
    const { calls } = await openGrace();
    await userEvent.type(composer(), '  Clean Slate {Enter}');
    expect(screen.queryByText('Hi Ada')).not.toBeInTheDocument();
    expect(composer()).toHaveValue('');
    expect(posts(calls)).toHaveLength(0);
    expect(screen.getByText('No messages yet. Say hello to @grace.')).toBeInTheDocument();
  });

  it('a failed send shows the error and keeps the text', async () => {
    await openGrace((call) =>
      call.method === 'POST'
        ? {
            status: 429,
            body: { error: 'You are sending messages too fast. Please wait a moment and try again.' },
          }
        : undefined,
    );
    await userEvent.type(composer(), 'Too quick{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are sending messages too fast');
    expect(composer()).toHaveValue('Too quick');
  });

  it('the first message to a new person turns the hidden mock into a listed conversation', async () => {
    const { calls } = fakeChatServer();
    renderApp('/chat/:grace', { user: ME });
    await screen.findByText('No messages yet. Say hello to @grace.');
    await waitFor(() => expect(useChatStore.getState().mocks[GRACE._id]).toBeDefined());
    await userEvent.type(composer(), 'Hello Grace{Enter}');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('link', { name: /@grace/ })).toHaveTextContent('Hello Grace');
    expect(useChatStore.getState().mocks[GRACE._id]).toBeUndefined();
    expect(posts(calls)).toHaveLength(1);
  });
});

describe('a busy server', () => {
  const busy = { status: 503, body: { error: ERRORS.serverBusy, code: 'server_busy' } };
  afterEach(() => vi.useRealTimers());

  it('shows "busy, retrying" with the message kept, and sends it after the Retry-After', async () => {
    let refusals = 1;
    const { calls } = await openGrace((call) =>
      call.method === 'POST' && refusals-- > 0 ? { ...busy, headers: { 'Retry-After': '1' } } : undefined,
    );
    await userEvent.type(composer(), 'Patience{Enter}');
    expect(await screen.findByText(BUSY_RETRYING)).toHaveRole('status');
    expect(composer()).toHaveValue('Patience');
    expect(composer()).toHaveAttribute('readonly');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(1);

    // Retry-After: 1 (plus up to a quarter of jitter), then the same message again, under the same id.
    await waitFor(() => expect(composer()).toHaveValue(''), { timeout: 3000 });
    const sent = {
      message: 'Patience',
      recipientId: GRACE._id,
      clientMessageId: expect.stringMatching(/^[0-9a-f]{32}$/),
    };
    expect(posts(calls).map((call) => call.body)).toEqual([sent, sent]);
    const [first, second] = posts(calls).map(
      (call) => (call.body as { clientMessageId: string }).clientMessageId,
    );
    expect(second).toBe(first);
    expect(await log().findByText('Patience')).toBeInTheDocument();
    expect(screen.queryByText(BUSY_RETRYING)).not.toBeInTheDocument();
    expect(composer()).not.toHaveAttribute('readonly');
  }, 15_000);

  it('gives up after its retries with the reason and "Try again", which sends the kept text', async () => {
    let stillBusy = true;
    const { calls } = await openGrace((call) => (call.method === 'POST' && stillBusy ? busy : undefined));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.type(composer(), 'Persistent{Enter}');
    expect(await screen.findByText(BUSY_RETRYING)).toHaveRole('status');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await screen.findByRole('alert')).toHaveTextContent(ERRORS.serverBusy);
    expect(posts(calls)).toHaveLength(6);
    expect(composer()).toHaveValue('Persistent');

    stillBusy = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(composer()).toHaveValue(''));
    expect(posts(calls)).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    // Every attempt, "Try again" included, was the one message: the server stores it once whatever it saw.
    expect(
      new Set(posts(calls).map((call) => (call.body as { clientMessageId: string }).clientMessageId)).size,
    ).toBe(1);
  }, 15_000);

  it('sends again by itself, under the same id, when the answer never came; the next message gets a new id', async () => {
    let cutOff = 1;
    const { calls } = await openGrace((call) =>
      call.method === 'POST' && cutOff-- > 0 ? 'network-error' : undefined,
    );
    await userEvent.type(composer(), 'Are you there?{Enter}');
    expect(await screen.findByText(UNANSWERED_RETRYING)).toHaveRole('status');
    expect(screen.queryByText(BUSY_RETRYING)).not.toBeInTheDocument();
    await waitFor(() => expect(composer()).toHaveValue(''), { timeout: 5000 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(composer(), 'Next{Enter}');
    await waitFor(() => expect(posts(calls)).toHaveLength(3));
    const ids = posts(calls).map((call) => (call.body as { clientMessageId: string }).clientMessageId);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  }, 15_000);

  it('offers no "Try again" for a refusal that retrying cannot cure', async () => {
    const { calls } = await openGrace((call) =>
      call.method === 'POST'
        ? { status: 429, body: { error: 'Slow down', code: 'rate_limited' } }
        : undefined,
    );
    await userEvent.type(composer(), 'Fast{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Slow down');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(1);
  });
});

describe("the AI 'clear' button", () => {
  it('is not offered to people', async () => {
    await openGrace();
    expect(screen.queryByRole('button', { name: /clear/ })).not.toBeInTheDocument();
  });

  it('is not offered to an AI before there is history', async () => {
    fakeChatServer();
    renderApp('/chat/:ai', { user: ME });
    expect(await screen.findByRole('textbox', { name: 'Message @ai' })).toHaveAttribute(
      'placeholder',
      '@ai ai',
    );
    expect(screen.queryByRole('button', { name: /clear/ })).not.toBeInTheDocument();
  });

  it("sets an AI conversation's context to '.' and confirms", async () => {
    const { calls } = fakeChatServer({
      conversations: [buildConversation(AI)],
      messages: {
        [AI._id]: [buildMessage({ sender: ME._id, conversationId: 'conv-ai', text: 'Remember this' })],
      },
    });
    renderApp('/chat/:ai', { user: ME });
    await screen.findByText('Remember this');
    await userEvent.click(screen.getByRole('button', { name: 'clear AI memory' }));
    expect(await screen.findByText('Memory cleared')).toBeInTheDocument();
    const put = callsTo(calls, '/api/messages/conversations/updateConversation/', 'PUT')[0];
    expect(put?.path).toBe('/api/messages/conversations/updateConversation/conv-ai');
    expect(put?.body).toEqual({ context: '.' });
  });

  it('suggests nobody after "@" in a direct conversation, and Enter sends', async () => {
    const { calls } = await openGrace();
    await userEvent.type(composer(), 'Ask @ai{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await waitFor(() => expect(posts(calls)[0]?.body).toMatchObject({ message: 'Ask @ai' }));
  });
});
