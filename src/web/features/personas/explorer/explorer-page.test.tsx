import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildSelfUser } from '../../../test/fixtures.js';
import { must } from '../../../test/must.js';
import { renderApp } from '../../../test/render.js';
import { buildEntry, directoryParams, fakeDirectory } from '../../../test/explorer-server.js';

const me = buildSelfUser({ username: 'ada' });
const sage = buildEntry({ username: 'sage', name: 'Sage', tag: 'Philosophy', bio: 'Calm answers.' });
const owl = buildEntry({ username: 'owl', name: 'Night Owl', tag: 'AI', createdByUsername: 'ada' });
const muse = buildEntry({
  username: 'muse',
  name: 'Muse',
  tag: 'Art',
  bio: 'Paints with words and finds fiction in every colour of the evening sky.',
});
const everyone = [sage, owl, muse];

const tab = (name: string) => screen.getByRole('tab', { name });
const lastParams = (calls: ReturnType<typeof fakeDirectory>['calls']) => directoryParams(must(calls.at(-1)));

describe('AI Explorer', () => {
  it('opens on the AI tab, asking for ?tag=AI, and shows Loading... first', async () => {
    const { calls } = fakeDirectory(everyone);
    renderApp('/explorer', { user: me });
    expect(screen.getByRole('heading', { level: 1, name: 'AI Explorer' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(tab('AI')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Night Owl' })).toBeInTheDocument();
    expect(calls[0]?.path.startsWith('/api/users/directory?')).toBe(true);
    expect(directoryParams(must(calls[0]))).toEqual({ limit: '30', tag: 'AI' });
    expect(screen.queryByRole('heading', { name: 'Sage' })).not.toBeInTheDocument();
  });

  it('maps tabs to filters: a tag, a keyword, the own pseudo-tab and All', async () => {
    const { calls } = fakeDirectory(everyone);
    renderApp('/explorer', { user: me });
    await screen.findByRole('heading', { name: 'Night Owl' });

    await userEvent.click(tab('Art'));
    expect(await screen.findByRole('heading', { name: 'Muse' })).toBeInTheDocument();
    expect(lastParams(calls)).toEqual({ limit: '30', tag: 'Art' });
    expect(tab('Art')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/explorer?tab=Art');

    await userEvent.click(tab('Fiction'));
    await waitFor(() => expect(lastParams(calls)).toEqual({ limit: '30', q: 'fiction' }));

    await userEvent.click(tab('@ada'));
    await waitFor(() => expect(lastParams(calls)).toEqual({ limit: '30', createdBy: 'ada' }));
    expect(await screen.findByRole('heading', { name: 'Night Owl' })).toBeInTheDocument();

    await userEvent.click(tab('All'));
    await waitFor(() => expect(lastParams(calls)).toEqual({ limit: '30' }));
    expect(await screen.findByRole('heading', { name: 'Sage' })).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, Home and End; only the selected tab is tabbable', async () => {
    fakeDirectory(everyone);
    renderApp('/explorer', { user: me });
    expect(screen.getByRole('tablist', { name: 'Categories' })).toBeInTheDocument();
    expect(tab('AI')).toHaveAttribute('tabindex', '0');
    expect(tab('Art')).toHaveAttribute('tabindex', '-1');
    tab('AI').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Art')).toHaveFocus();
    expect(tab('Art')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(tab('All')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Success')).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Success');
  });

  it('searches the whole directory once typing pauses, and keeps the search in the address', async () => {
    const { calls } = fakeDirectory(everyone);
    renderApp('/explorer', { user: me });
    await screen.findByRole('heading', { name: 'Night Owl' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'search ai' }), 'night');
    await waitFor(() => expect(lastParams(calls)).toEqual({ limit: '30', q: 'night' }));
    expect(tab('All')).toHaveAttribute('aria-selected', 'true');
    // Debounced: one call for the whole word, not one per letter.
    expect(calls.filter((call) => directoryParams(call).q !== undefined)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/explorer?tab=All&q=night'),
    );
  });

  it('finds a persona of another tab than the one open, and labels each hit with its tab', async () => {
    fakeDirectory(everyone);
    renderApp('/explorer?tab=Art', { user: me });
    await screen.findByRole('heading', { name: 'Muse' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'search ai' }), 'sage');
    const card = must((await screen.findByRole('heading', { name: 'Sage' })).closest('article'));
    expect(tab('All')).toHaveAttribute('aria-selected', 'true');
    expect(within(card).getByText('Philosophy')).toHaveTextContent('Tab: Philosophy');
  });

  it('narrows a search to a tab chosen after typing, and keeps it while the search changes', async () => {
    const { calls } = fakeDirectory(everyone);
    renderApp('/explorer', { user: me });
    const box = screen.getByRole('searchbox', { name: 'search ai' });
    await userEvent.type(box, 'a');
    await waitFor(() => expect(lastParams(calls)).toEqual({ limit: '30', q: 'a' }));
    await userEvent.click(tab('Art'));
    await waitFor(() => expect(lastParams(calls)).toEqual({ limit: '30', q: 'a', tag: 'Art' }));
    await userEvent.type(box, 'r');
    await waitFor(() => expect(lastParams(calls)).toEqual({ limit: '30', q: 'ar', tag: 'Art' }));
    expect(tab('Art')).toHaveAttribute('aria-selected', 'true');
  });

  it('leaves a keyword tab for All when the user types a search', async () => {
    const { calls } = fakeDirectory(everyone);
    renderApp('/explorer?tab=Fiction', { user: me });
    await waitFor(() => expect(lastParams(calls)).toEqual({ limit: '30', q: 'fiction' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'search ai' }), 'sage');
    expect(tab('All')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(lastParams(calls)).toEqual({ limit: '30', q: 'sage' }));
    expect(await screen.findByRole('heading', { name: 'Sage' })).toBeInTheDocument();
  });

  it('shows cards with picture, name, @username, a bio cut at 50 + "..." and Message; the studio card last', async () => {
    fakeDirectory(everyone);
    renderApp('/explorer?tab=All', { user: me });
    const card = must((await screen.findByRole('heading', { name: 'Muse' })).closest('article'));
    expect(within(card).getByRole('img', { name: 'Profile picture of Muse' })).toHaveTextContent('M');
    expect(within(card).getByText('@muse')).toBeInTheDocument();
    expect(within(card).getByText(`${muse.bio.slice(0, 50)}...`)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Muse' })).toHaveAttribute('href', '/muse');
    const message = within(card).getByRole('link', { name: 'Message @muse' });
    expect(message).toHaveTextContent('Message');
    expect(message).toHaveAttribute('href', '/chat/:muse');
    expect(screen.getByText('Calm answers.')).toBeInTheDocument();

    const items = within(screen.getByRole('list', { name: 'Personas' })).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(must(items.at(-1))).getByRole('link')).toHaveAttribute('href', '/studio');
    expect(screen.getByRole('link', { name: /Create AI/ })).toHaveAttribute('href', '/create');
  });

  it('shows "Error: " and the server text when the directory fails', async () => {
    fakeDirectory([], { override: () => ({ status: 500, body: { error: 'Database is asleep' } }) });
    renderApp('/explorer', { user: me });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error: Database is asleep$/);
  });

  it('invites the user to create a persona when a tab is empty', async () => {
    fakeDirectory([]);
    renderApp('/explorer?tab=mine', { user: me });
    expect(await screen.findByText('You have not created any personas yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an AI persona' })).toHaveAttribute('href', '/create');
  });

  it('loads the next page with the cursor from X-Next-Cursor until there is none', async () => {
    const many = ['ant', 'bee', 'cat', 'dog', 'eel'].map((username) =>
      buildEntry({ username, name: username.toUpperCase() }),
    );
    const { calls } = fakeDirectory(many, { pageSize: 2 });
    renderApp('/explorer', { user: me });
    await screen.findByRole('heading', { name: 'BEE' });
    expect(screen.queryByRole('heading', { name: 'CAT' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'DOG' })).toBeInTheDocument();
    expect(lastParams(calls)).toEqual({ limit: '30', tag: 'AI', cursor: 'bee' });
    expect(screen.getByRole('heading', { name: 'ANT' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'EEL' })).toBeInTheDocument();
    expect(lastParams(calls)).toMatchObject({ cursor: 'dog' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
