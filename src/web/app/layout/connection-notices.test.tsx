import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OFFLINE_TEXT, useServerReach } from '../../lib/server-reach.js';
import { useWaitingWorker } from '../../lib/service-worker.js';
import { SKIP_WAITING } from '../../service-worker/updates.js';
import { ME } from '../../test/chat-server.js';
import { latestSocket } from '../../test/fake-socket.js';
import { mockApi, type Reply } from '../../test/fetch-mock.js';
import { renderApp } from '../../test/render.js';

/** An API whose every answer is `reply()` at the time of the call. */
function switchableApi(initial: Reply) {
  let current = initial;
  const api = mockApi(() => (current === 'network-error' ? 'network-error' : current));
  return { ...api, set: (next: Reply) => void (current = next) };
}

describe('when the server cannot be reached', () => {
  it('says so in the status line while the page stays, and stops saying it once the server answers', async () => {
    const api = switchableApi({ status: 200, body: { contactEmail: 'hello@example.com' } });
    renderApp('/tos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & privacy' })).toBeInTheDocument();
    api.set('network-error');
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByRole('status')).toHaveTextContent(OFFLINE_TEXT);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & privacy' })).toBeInTheDocument();

    // Back online: the app asks the server at once, and the line goes when it answers.
    api.set({ status: 200, body: { status: 'ok' } });
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.path === '/api/health')).toBe(true);
  });

  it('notes an API call that got no answer at all', async () => {
    mockApi(() => 'network-error', { aiStatus: 'handler', inbox: 'handler' });
    renderApp('/chat', { user: ME });
    expect(await screen.findByText(OFFLINE_TEXT)).toBeInTheDocument();
  });

  it('asks the server when the live connection drops, and says it is offline when nothing answers', async () => {
    const api = switchableApi({ status: 200, body: { status: 'ok' } });
    renderApp('/tos', { user: ME });
    const socket = await waitFor(() => latestSocket());
    act(() => socket.serverConnect());
    api.set('network-error');
    act(() => socket.serverDisconnect());
    expect(await screen.findByText(OFFLINE_TEXT)).toBeInTheDocument();
    expect(api.calls.at(-1)?.path).toBe('/api/health');
  });

  it('shows the offline page when the app opened without reaching the server, and the app once it answers', async () => {
    useServerReach.setState({ reachable: false, reachedOnce: false });
    const api = switchableApi('network-error');
    renderApp('/tos');
    expect(screen.getByRole('heading', { level: 1, name: 'You are offline' })).toBeInTheDocument();
    // Once on the page, not again in the status line.
    expect(screen.getAllByText(OFFLINE_TEXT)).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Offline · Simplified'));

    api.set({ status: 200, body: { status: 'ok', contactEmail: 'hello@example.com' } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & privacy' })).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
  });
});

describe('a new version', () => {
  it('offers to reload into it, and asks the waiting worker to take over', async () => {
    mockApi(() => ({ status: 200, body: { contactEmail: 'hello@example.com' } }));
    const postMessage = (message: unknown) => posted.push(message);
    const posted: unknown[] = [];
    useWaitingWorker.setState({ worker: { postMessage } as unknown as ServiceWorker });
    renderApp('/tos');
    expect(await screen.findByRole('status')).toHaveTextContent('A new version is ready — Reload');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(posted).toEqual([SKIP_WAITING]);
    useWaitingWorker.setState({ worker: null });
  });
});
