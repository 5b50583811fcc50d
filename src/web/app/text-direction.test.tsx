import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../contracts/search.js';
import { ME as TABLE_ME, buildTurn, fakeCharioteerServer } from '../test/charioteer-server.js';
import { GRACE, ME, buildConversation, buildMessage, fakeChatServer } from '../test/chat-server.js';
import { buildEntry, fakeDirectory } from '../test/explorer-server.js';
import { latestSocket } from '../test/fake-socket.js';
import { mockApi } from '../test/fetch-mock.js';
import { buildSelfUser } from '../test/fixtures.js';
import { renderApp } from '../test/render.js';
import { buildAction, studioApi, studioUser } from '../test/studio-api.js';

/**
 * Every box a person types into and every bubble that shows what a person or the AI wrote takes its direction
 * from its own text (dir="auto"), so Arabic or Hebrew reads right to left among left-to-right text.
 */
const ARABIC = 'اللغة العربية';
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'password', 'url', 'tel']);

/** The text boxes on screen without dir="auto", named so a failure says which. */
function boxesWithoutAutoDirection(): string[] {
  const boxes = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('textarea, input')];
  return boxes
    .filter((box) => box instanceof HTMLTextAreaElement || TEXT_INPUTS.has(box.type))
    .filter((box) => box.getAttribute('dir') !== 'auto')
    .map((box) => box.getAttribute('aria-label') ?? box.labels?.[0]?.textContent ?? box.outerHTML);
}

describe('text direction: dir="auto" on every text box and bubble', () => {
  it('chat: the message bubbles, the contact preview, the composer and the search box', async () => {
    fakeChatServer({
      conversations: [
        buildConversation(GRACE, { latestMessage: { text: ARABIC, sender: GRACE._id, seen: true } }),
      ],
      messages: {
        [GRACE._id]: [
          buildMessage({ sender: GRACE._id, text: ARABIC }),
          buildMessage({ sender: ME._id, text: 'Hello' }),
        ],
      },
    });
    renderApp(`/chat/:${GRACE.username}`, { user: ME });
    expect(await screen.findByText('Hello')).toHaveAttribute('dir', 'auto');
    for (const shown of screen.getAllByText(ARABIC)) expect(shown).toHaveAttribute('dir', 'auto');
    await waitFor(() => expect(screen.getAllByRole('textbox').length).toBeGreaterThan(0));
    expect(boxesWithoutAutoDirection()).toEqual([]);
  });

  it('search: the box, and each result’s title and excerpt', async () => {
    const hit: SearchResult = {
      kind: 'note',
      _id: 'note-1',
      title: ARABIC,
      excerpt: `${ARABIC} ملاحظة`,
      highlights: [[6, 13]],
      at: '2024-05-06T12:00:00.000Z',
    };
    fakeChatServer({ conversations: [] }, (call) =>
      call.path.startsWith('/api/search') ? { status: 200, body: [hit] } : undefined,
    );
    renderApp('/about', { user: ME });
    const user = userEvent.setup();
    await user.keyboard('/');
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    await user.type(within(dialog).getByRole('searchbox'), 'العربية');
    const link = await within(dialog).findByRole('link');
    expect(within(link).getByText(ARABIC)).toHaveAttribute('dir', 'auto');
    const excerpts = within(link).getAllByText((_, element) => element?.textContent === hit.excerpt);
    expect(excerpts.at(-1)).toHaveAttribute('dir', 'auto');
    expect(boxesWithoutAutoDirection()).toEqual([]);
  });

  it('studio: ask, output, context, memory search and the saved items', async () => {
    studioApi({ actions: [buildAction({ title: ARABIC, memory: ARABIC })] });
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    await user.click(screen.getByRole('button', { name: 'Pro/Max' }));
    const saved = await screen.findByRole('combobox', { name: 'Saved items' });
    expect(saved).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('textbox', { name: 'Ask AI' })).toBeInTheDocument();
    expect(boxesWithoutAutoDirection()).toEqual([]);
  });

  it('charioteer: the turns and the box to join in', async () => {
    fakeCharioteerServer({ turns: [buildTurn({ text: ARABIC })] });
    renderApp('/charioteer?d=disc-1', { user: TABLE_ME });
    await screen.findByRole('heading', { name: 'Is tea better than coffee?' });
    act(() => latestSocket().serverConnect());
    expect(await screen.findByText(ARABIC)).toHaveAttribute('dir', 'auto');
    expect(boxesWithoutAutoDirection()).toEqual([]);
  });

  it('explorer: each persona card’s name and bio, and the search box', async () => {
    fakeDirectory([buildEntry({ name: 'مساعد', bio: ARABIC })]);
    renderApp('/explorer', { user: ME });
    expect(await screen.findByText(ARABIC)).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('heading', { name: 'مساعد' })).toHaveAttribute('dir', 'auto');
    expect(boxesWithoutAutoDirection()).toEqual([]);
  });

  it('persona creation, profile editing and the persona fields', async () => {
    mockApi(() => ({ status: 404, body: { error: 'Not found' } }));
    const me = buildSelfUser({ bio: ARABIC });
    const { unmount } = renderApp('/create', { user: me });
    await screen.findByRole('textbox', { name: /^Prompt/ });
    expect(boxesWithoutAutoDirection()).toEqual([]);
    unmount();
    renderApp('/update', { user: me });
    expect(screen.getByLabelText('Bio')).toHaveValue(ARABIC);
    expect(boxesWithoutAutoDirection()).toEqual([]);
  });
});
