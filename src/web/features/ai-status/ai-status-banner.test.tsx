import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AiStatusResponse } from '../../../contracts/ai.js';
import { ME } from '../../test/chat-server.js';
import { mockApi } from '../../test/fetch-mock.js';
import { renderApp } from '../../test/render.js';

const UNAVAILABLE = 'AI replies are not available on this server yet.';

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
  it('shows getting ready with the download percentage and a progress bar, polling every 2 s', async () => {
    const server = statusServer({ state: 'downloading', progress: 0.42 });
    renderApp('/about', { user: ME });
    await screen.findByText('Getting the AI ready…');
    expect(banner()).toHaveTextContent('Getting the AI ready… 42%');
    const bar = screen.getByRole('progressbar', { name: 'AI model download' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    // The state is announced politely; the changing percentage is not read out on every poll.
    const live = within(banner() ?? document.body).getByRole('status');
    expect(live).toHaveTextContent(/^Getting the AI ready…$/);

    const before = server.polls();
    server.set({ state: 'downloading', progress: 0.876 });
    await advance(2_000);
    expect(server.polls()).toBe(before + 1);
    // Whole percents, rounded down like the server console's bar.
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '87');
    expect(banner()).toHaveTextContent('Getting the AI ready… 87%');

    server.set({ state: 'loading' });
    await advance(2_000);
    expect(banner()).toHaveAttribute('data-state', 'loading');
    expect(within(banner() ?? document.body).getByRole('status')).toHaveTextContent('Getting the AI ready…');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    server.set({ state: 'ready' });
    await advance(2_000);
    expect(banner()).toBeNull();
  });

  it('once ready, asks only every 30 s', async () => {
    const server = statusServer({ state: 'ready' });
    renderApp('/about', { user: ME });
    await advance(50);
    const first = server.polls();
    expect(first).toBe(1);
    expect(banner()).toBeNull();
    server.set({ state: 'unavailable' });
    await advance(28_000);
    expect(server.polls()).toBe(first);
    expect(banner()).toBeNull();
    await advance(2_100);
    expect(server.polls()).toBe(first + 1);
    expect(banner()).toHaveTextContent(UNAVAILABLE);
  });

  it('does not ask while the tab is hidden, and asks again when it shows', async () => {
    const server = statusServer({ state: 'downloading', progress: 0.1 });
    renderApp('/about', { user: ME });
    await screen.findByText(/10%/);
    setVisibility('hidden');
    const hiddenAt = server.polls();
    await advance(10_000);
    expect(server.polls()).toBe(hiddenAt);
    server.set({ state: 'downloading', progress: 0.6 });
    setVisibility('visible');
    await advance(50);
    expect(server.polls()).toBe(hiddenAt + 1);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
  });

  it('says briefly that AI replies are not available, and can be dismissed for good', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    statusServer({ state: 'unavailable' });
    renderApp('/about', { user: ME });
    const notice = await screen.findByText(UNAVAILABLE);
    expect(notice).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(within(banner() ?? document.body).getByRole('button', { name: 'Dismiss AI notice' }));
    expect(notice).not.toBeInTheDocument();
    await advance(30_000);
    expect(banner()).toBeNull();
  });

  it('shows nothing when AI is ready or off, nor to visitors', async () => {
    const server = statusServer({ state: 'off' });
    const { unmount } = renderApp('/about', { user: ME });
    await advance(50);
    expect(server.polls()).toBe(1);
    expect(banner()).toBeNull();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    unmount();

    server.set({ state: 'downloading', progress: 0.5 });
    renderApp('/about');
    await advance(3_000);
    expect(server.polls()).toBe(1);
    expect(banner()).toBeNull();
  });
});
