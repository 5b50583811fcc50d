import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AI, GRACE, ME, buildConversation, buildMessage, fakeChatServer } from '../../../test/chat-server.js';
import { renderApp } from '../../../test/render.js';

const OPENING = 'The lamp is lit. Come in out of the rain.';
const GREETER = { ...AI, openingMessage: OPENING };
const log = () => screen.getByRole('log');
const openings = () => within(log()).queryAllByText(OPENING);

describe('a persona’s opening message in its chat', () => {
  it('is the persona’s first bubble before anyone writes, instead of "say hello"', async () => {
    fakeChatServer({ profiles: [GRACE, GREETER] });
    renderApp('/chat/:ai', { user: ME });
    const text = await within(await screen.findByRole('log')).findByText(OPENING);
    expect(text.closest('article')).toHaveTextContent('@ai');
    expect(screen.queryByText(/No messages yet/)).not.toBeInTheDocument();
  });

  it('stays one bubble, first, while the first message is sent', async () => {
    fakeChatServer({ profiles: [GRACE, GREETER] });
    renderApp('/chat/:ai', { user: ME });
    await within(await screen.findByRole('log')).findByText(OPENING);
    const box = screen.getByRole('textbox', { name: 'Message @ai' });
    await userEvent.type(box, 'Good evening{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    const bubbles = await within(log()).findAllByRole('article');
    expect(bubbles.map((bubble) => bubble.querySelector('p:nth-of-type(2)')?.textContent)).toEqual([
      OPENING,
      'Good evening',
    ]);
  });

  it('shows once when the server stored it with the conversation', async () => {
    fakeChatServer({
      profiles: [GRACE, GREETER],
      conversations: [buildConversation(GREETER)],
      messages: {
        [AI._id]: [
          buildMessage({ sender: AI._id, text: OPENING, conversationId: 'conv-ai' }),
          buildMessage({ sender: ME._id, text: 'Good evening', conversationId: 'conv-ai' }),
        ],
      },
    });
    renderApp('/chat/:ai', { user: ME });
    await within(await screen.findByRole('log')).findByText('Good evening');
    expect(openings()).toHaveLength(1);
  });

  it('is not shown to a person chat, which still says hello', async () => {
    fakeChatServer({ profiles: [{ ...GRACE, openingMessage: OPENING }, GREETER] });
    renderApp('/chat/:grace', { user: ME });
    expect(await screen.findByText('No messages yet. Say hello to @grace.')).toBeInTheDocument();
    expect(openings()).toHaveLength(0);
  });
});
