import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  GRACE,
  ME,
  buildConversation,
  buildMessage,
  callsTo,
  fakeChatServer,
} from '../../../test/chat-server.js';
import { renderApp } from '../../../test/render.js';

// 120 messages: the first page holds the newest 50, so the 5th is two pages back.
const MESSAGES = Array.from({ length: 120 }, (_, i) =>
  buildMessage({
    _id: `m-${String(i).padStart(3, '0')}`,
    sender: i % 2 ? GRACE._id : ME._id,
    text: `message number ${i}`,
    createdAt: new Date(Date.UTC(2024, 4, 7, 12, 0, i)).toISOString(),
  }),
);

function serve() {
  return fakeChatServer({ conversations: [buildConversation(GRACE)], messages: { [GRACE._id]: MESSAGES } });
}

describe('opening a message from search (?message=)', () => {
  it('pages back until the message is held, then scrolls to it, marks it and focuses it', async () => {
    const { calls } = serve();
    renderApp(`/chat/:${GRACE.username}?message=m-005`, { user: ME });
    await waitFor(() => expect(document.querySelector('[data-message-id="m-005"]')).toHaveFocus());
    expect(document.querySelector('[data-message-id="m-005"]')?.className).toMatch(/found/);
    expect(
      callsTo(calls, `/api/messages/${GRACE._id}`).map((c) =>
        new URL(c.path, 'http://x').searchParams.get('before'),
      ),
    ).toEqual([null, 'm-070', 'm-020']);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/chat/:${GRACE.username}`));
  });

  it('says so when the message is not in the conversation', async () => {
    serve();
    renderApp(`/chat/:${GRACE.username}?message=m-999`, { user: ME });
    expect(
      await screen.findByText(
        'That message is not in this conversation any more, or too far back to open here.',
      ),
    ).toBeVisible();
  });

  it('keeps the message to open when /chat/name is sent to its canonical /chat/:name', async () => {
    serve();
    renderApp(`/chat/${GRACE.username}?message=m-100`, { user: ME });
    await waitFor(() => expect(document.querySelector('[data-message-id="m-100"]')).toHaveFocus());
  });
});
