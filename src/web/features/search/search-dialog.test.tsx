import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../contracts/search.js';
import { GRACE, ME, buildConversation, buildMessage, fakeChatServer } from '../../test/chat-server.js';
import { renderApp } from '../../test/render.js';

const HIT: SearchResult = {
  kind: 'message',
  _id: 'msg-7',
  title: `@${GRACE.username}`,
  excerpt: 'Bring the lantern to the <b>harbour</b>',
  highlights: [[10, 17]],
  at: '2024-05-07T12:00:00.000Z',
  chatWith: { _id: GRACE._id, username: GRACE.username },
};
const NOTE: SearchResult = {
  kind: 'note',
  _id: 'note-1',
  title: 'Lanterns',
  excerpt: 'Lanterns to buy',
  highlights: [[0, 8]],
  at: '2024-05-06T12:00:00.000Z',
};

function serverWithResults(results: SearchResult[]) {
  return fakeChatServer(
    {
      conversations: [buildConversation(GRACE)],
      messages: {
        [GRACE._id]: [buildMessage({ _id: 'msg-7', sender: GRACE._id, text: HIT.excerpt })],
      },
    },
    (call) => (call.path.startsWith('/api/search') ? { status: 200, body: results } : undefined),
  );
}

describe('search', () => {
  it('opens with "/" outside text fields, searches as one types and marks the matched words as text', async () => {
    const { calls } = serverWithResults([HIT, NOTE]);
    renderApp('/about', { user: ME });
    const user = userEvent.setup();
    await user.keyboard('/');
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    const box = within(dialog).getByRole('searchbox', {
      name: 'Search messages, notes, prompts and discussions',
    });
    expect(box).toHaveFocus();

    await user.type(box, 'l');
    expect(
      await within(dialog).findByText('Type a word of at least 2 letters or digits to search'),
    ).toBeVisible();
    await user.type(box, 'antern');
    expect(await within(dialog).findByText('2 results')).toBeVisible();
    const searches = calls.filter((c) => c.path.startsWith('/api/search'));
    expect(searches.map((c) => c.path)).toEqual(['/api/search?q=lantern']);

    const [message, note] = within(dialog).getAllByRole('link');
    expect(message).toHaveAttribute('href', `/chat/:${GRACE.username}?message=msg-7`);
    expect(message).toHaveTextContent(`Chat with @${GRACE.username}`);
    // Markup in a message stays text; only the matched word is marked.
    expect(message).toHaveTextContent('Bring the lantern to the <b>harbour</b>');
    expect([...(message?.querySelectorAll('mark') ?? [])].map((m) => m.textContent)).toEqual(['lantern']);
    expect(note).toHaveAttribute('href', '/studio?item=note-1');

    // Arrow keys walk from the box through the results.
    box.focus();
    await user.keyboard('{ArrowDown}');
    expect(message).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(note).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveFocus();
  });

  it('opens a Charioteer hit at its turn, and a topic hit at the discussion', async () => {
    const turnHit: SearchResult = {
      kind: 'discussion',
      _id: 'disc-1',
      turnId: 'turn-9',
      title: 'Lantern festivals',
      excerpt: 'Paper lanterns float',
      highlights: [[6, 14]],
      at: '2024-05-05T12:00:00.000Z',
    };
    const topicHit: SearchResult = { ...turnHit, _id: 'disc-2', turnId: undefined };
    serverWithResults([turnHit, topicHit]);
    renderApp('/about', { user: ME });
    const user = userEvent.setup();
    await user.keyboard('/');
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    await user.type(within(dialog).getByRole('searchbox'), 'lantern');
    const [turn, topic] = await within(dialog).findAllByRole('link');
    expect(turn).toHaveAttribute('href', '/charioteer?d=disc-1&turn=turn-9');
    expect(turn).toHaveTextContent('Charioteer turn');
    expect(topic).toHaveAttribute('href', '/charioteer?d=disc-2');
    expect(topic).toHaveTextContent('Charioteer topic');
  });

  it('does not open while typing "/" into a text field, and says when nothing matched', async () => {
    serverWithResults([]);
    renderApp('/about', { user: ME });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Search everything' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    const box = within(dialog).getByRole('searchbox');
    await user.type(box, 'a/b quokka');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(await within(dialog).findByText('No results for “a/b quokka”')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Search everything' })).toHaveFocus();
  });

  it('opens a message in its conversation, scrolled to and marked', async () => {
    serverWithResults([HIT]);
    renderApp('/about', { user: ME });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Search everything' }));
    await user.type(await screen.findByRole('searchbox'), 'lantern');
    await user.click(await screen.findByRole('link', { name: /Chat with/ }));
    // Focus moves in the effect that finds the row; the mark comes with the render after it.
    await waitFor(() => {
      const row = document.querySelector<HTMLElement>('[data-message-id="msg-7"]');
      expect(row).toHaveFocus();
      expect(row?.className).toMatch(/found/);
    });
    // The link's target is forgotten once shown.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/chat/:${GRACE.username}`));
  });
});
