import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GRACE, ME, buildConversation, callsTo, fakeChatServer } from '../../../test/chat-server.js';
import { setViewport } from '../../../test/media.js';
import { renderApp } from '../../../test/render.js';
import { useChatStore } from '../hooks/chat-store.js';
import { SEARCH_PLACEHOLDER } from './chat-search.js';

const location = () => screen.getByTestId('location').textContent;
const searchBox = () => screen.getByRole('searchbox', { name: 'Search usernames' });

async function search(text: string) {
  await userEvent.clear(searchBox());
  await userEvent.type(searchBox(), `${text}{Enter}`);
}

describe('chat search', () => {
  it("says 'search usernames to dm' above 500 px and 'search usernames' at 500 px or less", () => {
    fakeChatServer();
    renderApp('/chat', { user: ME });
    expect(searchBox()).toHaveAttribute('placeholder', SEARCH_PLACEHOLDER.wide);
    expect(SEARCH_PLACEHOLDER).toEqual({ wide: 'search usernames to dm', narrow: 'search usernames' });
    act(() => setViewport({ width: 500 }));
    expect(searchBox()).toHaveAttribute('placeholder', 'search usernames');
  });

  it('ignores empty or blank input and my own name, without calling the server', async () => {
    const { calls } = fakeChatServer();
    renderApp('/chat', { user: ME });
    await userEvent.type(searchBox(), '   {Enter}');
    await search(`  ${ME.username.toUpperCase()} `);
    expect(callsTo(calls, '/api/users/profile/')).toHaveLength(0);
    expect(location()).toBe('/chat');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('trims and lowercases, then opens an existing conversation at /chat/:{username}', async () => {
    const { calls } = fakeChatServer({ conversations: [buildConversation(GRACE)] });
    renderApp('/chat', { user: ME });
    await screen.findByRole('link', { name: /@grace/ });
    await search('  GrAcE  ');
    await waitFor(() => expect(location()).toBe('/chat/:grace'));
    expect(callsTo(calls, '/api/users/profile/')[0]?.path).toBe('/api/users/profile/grace');
    expect(searchBox()).toHaveValue('');
    expect(useChatStore.getState().mocks[GRACE._id]).toBeUndefined();
  });

  it('shows "no user with that name" for an unknown username and stays put', async () => {
    fakeChatServer();
    renderApp('/chat', { user: ME });
    await search('nobody');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^no user with that name$/i);
    expect(location()).toBe('/chat');
    expect(searchBox()).toHaveValue('nobody');
    await userEvent.type(searchBox(), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts a hidden mock conversation with a known user who has none', async () => {
    const { calls } = fakeChatServer();
    renderApp('/chat', { user: ME });
    expect(await screen.findByText(/No conversations yet/)).toBeInTheDocument();
    await search('grace');
    await waitFor(() => expect(location()).toBe('/chat/:grace'));
    const mock = useChatStore.getState().mocks[GRACE._id];
    expect(mock).toMatchObject({ mock: true, userId: GRACE._id });
    expect(mock?._id).toMatch(/^\d{13,}$/);
    expect(screen.getByRole('textbox', { name: 'Message @grace' })).toBeInTheDocument();
    // Hidden: the list still has no entry, and no messages were fetched for it.
    expect(screen.getByText(/No conversations yet/)).toBeInTheDocument();
    expect(callsTo(calls, `/api/messages/${GRACE._id}`)).toHaveLength(0);
  });
});
