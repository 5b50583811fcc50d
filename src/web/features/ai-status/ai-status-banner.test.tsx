import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AiStatusResponse } from '../../../contracts/ai.js';
import { ME } from '../../test/chat-server.js';
import { mockApi } from '../../test/fetch-mock.js';
import { renderApp } from '../../test/render.js';

const UNAVAILABLE =
  'No AI model is set. Set LOCAL_MODEL to a GGUF model, or AI_PROVIDER to a hosted provider, then restart.';

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  act(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
}

/** The server's AI status, changeable by the test; every status call is counted. */
function statusServer(initial: AiStatusResponse) {
  let status = initial;
  const api = mockApi(
    (call) => {
      if (call.path === '/api/ai/status') return { status: 200, body: status };
      if (call.path === '/api/users/me') return { status: 200, body: ME };
      return { status: 404, body: { error: 'Not found' } };
    },
    { aiStatus: 'handler' },
  );
  return {
    set: (next: AiStatusResponse) => (status = next),
    polls: () => api.calls.filter((call) => call.path === '/api/ai/status').length,
  };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const banner = () => document.querySelector<HTMLElement>('[data-state]');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  visibility = 'visible';
});

describe('AI status banner', () => {
  it('shows the download with its percentage and a progress bar, polling every 2 s', async () => {
    const server = statusServer({ state: 'downloading', provider: 'local', progress: 0.42 });
    renderApp('/about', { user: ME });
    await screen.findByText('Downloading the AI model…');
    expect(banner()).toHaveTextContent('Downloading the AI model… 42%');
    const bar = screen.getByRole('progressbar', { name: 'AI model download' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    // The state is announced politely; the changing percentage is not read out on every poll.
    const live = within(banner() ?? document.body).getByRole('status');
    expect(live).toHaveTextContent(/^Downloading the AI model…$/);

    const before = server.polls();
    server.set({ state: 'downloading', provider: 'local', progress: 0.876 });
    await advance(2_000);
    expect(server.polls()).toBe(before + 1);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '88');
    expect(banner()).toHaveTextContent('Downloading the AI model… 88%');

    server.set({ state: 'loading', provider: 'local' });
    await advance(2_000);
    expect(within(banner() ?? document.body).getByRole('status')).toHaveTextContent('Loading the AI model…');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    server.set({ state: 'ready', provider: 'local' });
    await advance(2_000);
    expect(banner()).toBeNull();
  });

  it('once ready, asks only every 30 s', async () => {
    const server = statusServer({ state: 'ready', provider: 'openai-compatible' });
    renderApp('/about', { user: ME });
    await advance(50);
    const first = server.polls();
    expect(first).toBe(1);
    expect(banner()).toBeNull();
    server.set({ state: 'unavailable', provider: 'local', message: UNAVAILABLE });
    await advance(28_000);
    expect(server.polls()).toBe(first);
    expect(banner()).toBeNull();
    await advance(2_100);
    expect(server.polls()).toBe(first + 1);
    expect(banner()).toHaveTextContent(UNAVAILABLE);
  });

  it('does not ask while the tab is hidden, and asks again when it shows', async () => {
    const server = statusServer({ state: 'downloading', provider: 'local', progress: 0.1 });
    renderApp('/about', { user: ME });
    await screen.findByText(/10%/);
    setVisibility('hidden');
    const hiddenAt = server.polls();
    await advance(10_000);
    expect(server.polls()).toBe(hiddenAt);
    server.set({ state: 'downloading', provider: 'local', progress: 0.6 });
    setVisibility('visible');
    await advance(50);
    expect(server.polls()).toBe(hiddenAt + 1);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
  });

  it("shows the server's message when AI is unavailable, and can be dismissed", async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const server = statusServer({ state: 'unavailable', provider: 'local', message: UNAVAILABLE });
    renderApp('/about', { user: ME });
    const notice = await screen.findByText(UNAVAILABLE);
    expect(notice).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(within(banner() ?? document.body).getByRole('button', { name: 'Dismiss AI notice' }));
    expect(notice).not.toBeInTheDocument();
    // The same notice stays away on the next poll; a different one shows.
    await advance(30_000);
    expect(banner()).toBeNull();
    server.set({ state: 'unavailable', provider: 'local', message: 'The model file is damaged.' });
    await advance(30_000);
    expect(banner()).toHaveTextContent('The model file is damaged.');
  });

  it('shows nothing when AI is ready or off, nor to visitors', async () => {
    const server = statusServer({ state: 'off', provider: 'off', message: 'AI is turned off.' });
    const { unmount } = renderApp('/about', { user: ME });
    await advance(50);
    expect(server.polls()).toBe(1);
    expect(banner()).toBeNull();
    expect(screen.queryByText('AI is turned off.')).not.toBeInTheDocument();
    unmount();

    server.set({ state: 'downloading', provider: 'local', progress: 0.5 });
    renderApp('/about');
    await advance(3_000);
    expect(server.polls()).toBe(1);
    expect(banner()).toBeNull();
  });
});
