import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  AI,
  GRACE,
  ME,
  buildConversation,
  buildMessage,
  callsTo,
  fakeChatServer,
} from '../../../test/chat-server.js';
import { latestSocket, type FakeSocket } from '../../../test/fake-socket.js';
import { setViewport } from '../../../test/media.js';
import { renderApp } from '../../../test/render.js';

const REPLY_ID = '0190a0b0-2000-7000-8000-0000000000f1';
const log = () => screen.getByRole('log');
const contacts = () => screen.getByRole('list', { name: 'Conversations' });
const contact = (name: string) => within(contacts()).getByRole('link', { name: new RegExp(`@${name}`) });
const streaming = () => log().querySelector<HTMLElement>('[data-streaming="true"]');
const streamedText = () => streaming()?.querySelectorAll('p')[1]?.textContent;
// The second paragraph of a bubble is its text (the first names the sender).
const bubbleTexts = () =>
  within(log())
    .queryAllByRole('article')
    .map((article) => article.querySelectorAll('p')[1]?.textContent);

const start = (socket: FakeSocket, replyId = REPLY_ID, conversationId = 'conv-ai', personaId = AI._id) =>
  act(() => socket.serverEmit('aiReplyStart', { conversationId, replyId, personaId }));
const delta = (socket: FakeSocket, text: string, replyId = REPLY_ID, conversationId = 'conv-ai') =>
  act(() => socket.serverEmit('aiReplyDelta', { conversationId, replyId, delta: text }));
const placed = (socket: FakeSocket, text: string, offset: number) =>
  act(() =>
    socket.serverEmit('aiReplyDelta', { conversationId: 'conv-ai', replyId: REPLY_ID, delta: text, offset }),
  );
const inProgress = (text: string) => ({
  conversationId: 'conv-ai',
  replyId: REPLY_ID,
  personaId: AI._id,
  text,
});

/** /chat/:ai with one message of mine in it, the socket connected. */
async function openAi(aiReplies: ReturnType<typeof inProgress>[] = []) {
  const mine = buildMessage({
    conversationId: 'conv-ai',
    sender: ME._id,
    text: 'Tell me a joke',
    seen: true,
  });
  const server = fakeChatServer({
    conversations: [
      buildConversation(AI, {
        updatedAt: '2024-05-07T12:00:00.000Z',
        latestMessage: { text: 'Tell me a joke', sender: ME._id, seen: false },
      }),
      buildConversation(GRACE, { updatedAt: '2024-05-07T11:00:00.000Z' }),
    ],
    messages: { [AI._id]: [mine] },
    aiReplies,
  });
  renderApp('/chat/:ai', { user: ME });
  await within(await screen.findByRole('log')).findByText('Tell me a joke');
  const socket = latestSocket();
  act(() => socket.serverConnect());
  return { ...server, socket, mine };
}

describe('a persona replying in the open conversation', () => {
  it('shows "@ai is typing…" with animated dots before the first words', async () => {
    const { socket } = await openAi();
    expect(screen.queryByText('@ai is typing…')).not.toBeInTheDocument();
    start(socket);
    const typing = within(log()).getByRole('status');
    expect(typing).toHaveTextContent('@ai is typing…');
    expect(typing).toHaveAttribute('aria-live', 'polite');
    expect(within(typing).getByTestId('typing-dots')).toHaveAttribute('aria-hidden', 'true');
    expect(streaming()).toBeNull();
    expect(contact('ai')).toHaveTextContent('typing…');
  });

  it('grows a bubble with each delta, marked busy so it is not read out piece by piece', async () => {
    const { socket } = await openAi();
    start(socket);
    delta(socket, 'Why did ');
    expect(screen.queryByText('@ai is typing…')).not.toBeInTheDocument();
    expect(streaming()).toHaveAttribute('aria-busy', 'true');
    expect(streaming()).toHaveTextContent('@aiWhy did');
    delta(socket, 'the chicken ');
    delta(socket, 'cross the road?');
    expect(streaming()?.querySelectorAll('p')[1]?.textContent).toBe('Why did the chicken cross the road?');
    expect(bubbleTexts()).toEqual(['Tell me a joke', 'Why did the chicken cross the road?']);
  });

  it('replaces the streamed bubble with the stored message (same id), once', async () => {
    const { socket } = await openAi();
    start(socket);
    delta(socket, 'Hello! ');
    delta(socket, 'I am here.');
    const stored = buildMessage({
      _id: REPLY_ID,
      conversationId: 'conv-ai',
      sender: AI._id,
      text: 'Hello  I am here.',
      createdAt: '2024-05-08T00:00:00.000Z',
    });
    act(() => {
      socket.serverEmit('newMessage', stored);
      socket.serverEmit('newMessage', stored);
    });
    await waitFor(() => expect(streaming()).toBeNull());
    expect(bubbleTexts()).toEqual(['Tell me a joke', 'Hello  I am here.']);
    expect(within(log()).queryByText('Hello! I am here.')).not.toBeInTheDocument();
    expect(log().querySelector('[aria-busy="true"]')).toBeNull();
    await waitFor(() => expect(contact('ai')).toHaveTextContent('Hello I am here.'));
    expect(contact('ai')).not.toHaveTextContent('typing…');
    // A late delta of a finished reply changes nothing.
    delta(socket, ' more');
    expect(streaming()).toBeNull();
    expect(screen.queryByText('@ai is typing…')).not.toBeInTheDocument();
  });

  it('on aiReplyError removes the partial bubble, says why, and "Try again" asks for the reply again', async () => {
    const user = userEvent.setup();
    const { socket, calls } = await openAi();
    start(socket);
    delta(socket, 'Half a sent');
    act(() =>
      socket.serverEmit('aiReplyError', {
        conversationId: 'conv-ai',
        replyId: REPLY_ID,
        error: 'The AI service failed to answer. Please try again in a moment.',
        code: 'ai_failed',
      }),
    );
    expect(streaming()).toBeNull();
    expect(within(log()).queryByText(/Half a sent/)).not.toBeInTheDocument();
    const alert = within(log()).getByRole('alert');
    expect(alert).toHaveTextContent(
      '@ai could not answer: The AI service failed to answer. Please try again in a moment.',
    );
    expect(contact('ai')).not.toHaveTextContent('typing…');

    await user.click(within(log()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(calls, '/api/messages', 'POST')).toHaveLength(1));
    expect(callsTo(calls, '/api/messages', 'POST')[0]?.path).toBe(
      '/api/messages/conversations/conv-ai/regenerate',
    );
    await waitFor(() => expect(within(log()).queryByRole('alert')).not.toBeInTheDocument());
    // My message is not sent again: it shows once.
    expect(bubbleTexts()).toEqual(['Tell me a joke']);
  });

  it('the error can be dismissed, and the next reply clears it too', async () => {
    const user = userEvent.setup();
    const { socket } = await openAi();
    const fail = (replyId: string) =>
      act(() =>
        socket.serverEmit('aiReplyError', {
          conversationId: 'conv-ai',
          replyId,
          error: 'Too slow',
          code: 'ai_timeout',
        }),
      );
    start(socket);
    fail(REPLY_ID);
    await user.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(within(log()).queryByText(/could not answer/)).not.toBeInTheDocument();

    const next = '0190a0b0-2000-7000-8000-0000000000f2';
    start(socket, next);
    fail(next);
    expect(within(log()).getByText(/could not answer/)).toBeInTheDocument();
    start(socket, '0190a0b0-2000-7000-8000-0000000000f3');
    expect(within(log()).queryByText(/could not answer/)).not.toBeInTheDocument();
    expect(screen.getByText('@ai is typing…')).toBeInTheDocument();
  });

  it('shows the typing state on the first message to a persona, before the conversation exists', async () => {
    const user = userEvent.setup();
    const { state } = fakeChatServer({ conversations: [] });
    renderApp('/chat/:ai', { user: ME });
    await screen.findByText('No messages yet. Say hello to @ai.');
    const socket = latestSocket();
    act(() => socket.serverConnect());
    await user.type(screen.getByRole('textbox', { name: 'Message @ai' }), 'Hello there{Enter}');
    await within(log()).findByText('Hello there');
    const conversationId = state.messages[AI._id]?.[0]?.conversationId ?? '';
    start(socket, REPLY_ID, conversationId);
    expect(screen.getByText('@ai is typing…')).toBeInTheDocument();
    delta(socket, 'Welcome!', REPLY_ID, conversationId);
    expect(streaming()).toHaveTextContent('Welcome!');
  });
});

describe('following a reply as it grows', () => {
  /** Gives the log a size and a scroll position (jsdom lays nothing out) and records scrollTo calls. */
  function layout(element: HTMLElement, { scrollTop }: { scrollTop: number }) {
    Object.defineProperty(element, 'clientHeight', { configurable: true, value: 400 });
    Object.defineProperty(element, 'scrollHeight', { configurable: true, get: () => 2000 });
    element.scrollTop = scrollTop;
    const scrollTo = vi.fn();
    element.scrollTo = scrollTo as typeof element.scrollTo;
    act(() => void element.dispatchEvent(new Event('scroll')));
    return scrollTo;
  }

  it('scrolls smoothly with each piece while the reader is near the bottom', async () => {
    const { socket } = await openAi();
    const scrollTo = layout(log(), { scrollTop: 1600 });
    start(socket);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 2000, behavior: 'smooth' });
    delta(socket, 'One ');
    delta(socket, 'two ');
    expect(scrollTo).toHaveBeenCalledTimes(3);
  });

  it('scrolls without animation when the reader prefers reduced motion', async () => {
    setViewport({ reducedMotion: true });
    const { socket } = await openAi();
    const scrollTo = layout(log(), { scrollTop: 1600 });
    start(socket);
    delta(socket, 'Still ');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 2000, behavior: 'auto' });
  });

  it('leaves a reader who scrolled up to older messages where they are', async () => {
    const { socket } = await openAi();
    const scrollTo = layout(log(), { scrollTop: 200 });
    start(socket);
    delta(socket, 'Meanwhile ');
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('a persona replying elsewhere', () => {
  it('says "typing…" in its contact entry instead of the preview, then shows the stored reply there', async () => {
    fakeChatServer({
      conversations: [
        buildConversation(GRACE, { updatedAt: '2024-05-07T12:00:00.000Z' }),
        buildConversation(AI, {
          updatedAt: '2024-05-07T11:00:00.000Z',
          latestMessage: { text: 'Ping', sender: ME._id, seen: false },
        }),
      ],
      messages: { [GRACE._id]: [buildMessage({ text: 'Hi Ada', seen: true })] },
    });
    renderApp('/chat/:grace', { user: ME });
    await within(await screen.findByRole('log')).findByText('Hi Ada');
    const socket = latestSocket();
    act(() => socket.serverConnect());

    start(socket);
    delta(socket, 'Pong ');
    expect(contact('ai')).toHaveTextContent('typing…');
    expect(contact('ai')).not.toHaveTextContent('Ping');
    expect(contact('grace')).not.toHaveTextContent('typing…');
    expect(streaming()).toBeNull();
    expect(screen.queryByText('@ai is typing…')).not.toBeInTheDocument();

    act(() =>
      socket.serverEmit(
        'newMessage',
        buildMessage({
          _id: REPLY_ID,
          conversationId: 'conv-ai',
          sender: AI._id,
          text: 'Pong indeed',
          createdAt: '2024-05-08T00:00:00.000Z',
        }),
      ),
    );
    await waitFor(() => expect(contact('ai')).toHaveTextContent('Pong indeed'));
    expect(contact('ai')).not.toHaveTextContent('typing…');
    expect(contact('ai')).toHaveTextContent('1 unread');
    expect(within(contacts()).getAllByRole('link')[0]).toHaveTextContent('@ai');
  });
});

describe('a lost connection', () => {
  it('drops a stream it cut; the stored reply comes back by back-fill, once', async () => {
    const { socket, state, mine } = await openAi();
    start(socket);
    delta(socket, 'Knock knock. ');
    expect(streaming()).not.toBeNull();

    act(() => socket.serverDisconnect());
    expect(streaming()).toBeNull();
    expect(screen.queryByText('@ai is typing…')).not.toBeInTheDocument();
    expect(contact('ai')).not.toHaveTextContent('typing…');

    const stored = buildMessage({
      _id: REPLY_ID,
      conversationId: 'conv-ai',
      sender: AI._id,
      text: 'Knock knock. Who is there?',
      createdAt: '2024-05-08T00:00:00.000Z',
    });
    state.messages[AI._id] = [mine, stored];
    act(() => socket.serverConnect());
    await waitFor(() => expect(bubbleTexts()).toEqual(['Tell me a joke', 'Knock knock. Who is there?']));
    // The newMessage the server sent meanwhile arrives late: still once, no bubble comes back.
    act(() => socket.serverEmit('newMessage', stored));
    delta(socket, 'late piece');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bubbleTexts()).toEqual(['Tell me a joke', 'Knock knock. Who is there?']);
    expect(streaming()).toBeNull();
  });

  it('a reply still being written after the reconnect shows its text so far and streams on', async () => {
    const { socket, state } = await openAi();
    start(socket);
    placed(socket, 'Once upon', 0);
    act(() => socket.serverDisconnect());
    state.aiReplies = [inProgress('Once upon a')];
    act(() => socket.serverConnect());
    await waitFor(() => expect(streaming()).toHaveTextContent('Once upon a'));
    placed(socket, ' time', 11);
    expect(streaming()).toHaveTextContent('Once upon a time');
    act(() =>
      socket.serverEmit(
        'newMessage',
        buildMessage({
          _id: REPLY_ID,
          conversationId: 'conv-ai',
          sender: AI._id,
          text: 'Once upon a time there was a bug.',
          createdAt: '2024-05-08T00:00:00.000Z',
        }),
      ),
    );
    await within(log()).findByText('Once upon a time there was a bug.');
    expect(streaming()).toBeNull();
    expect(screen.queryByText('@ai is typing…')).not.toBeInTheDocument();
  });
});

describe('opening a conversation while the persona is writing', () => {
  it('shows the text so far at once and keeps streaming, nothing lost or doubled', async () => {
    const { socket, calls } = await openAi([inProgress('Why did the')]);
    await waitFor(() => expect(streaming()).toHaveTextContent('Why did the'));
    expect(callsTo(calls, '/api/messages/ai-replies')).not.toHaveLength(0);
    placed(socket, ' chicken', 11);
    // A piece sent twice (it was in the text so far and on the socket) shows once.
    placed(socket, ' chicken', 11);
    expect(streamedText()).toBe('Why did the chicken');
    expect(contact('ai')).toHaveTextContent('typing…');
  });

  it('shows typing, not half a sentence, for a piece of a reply whose text so far has not come yet', async () => {
    const { socket, state } = await openAi();
    state.aiReplies = [inProgress('A long')];
    placed(socket, ' story', 6);
    expect(screen.getByText('@ai is typing…')).toBeInTheDocument();
    expect(streaming()).toBeNull();
    await waitFor(() => expect(streamedText()).toBe('A long story'));
  });
});
