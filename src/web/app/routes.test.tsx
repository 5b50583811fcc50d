import { act, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { VISITOR_MESSAGE } from '../features/profile/profile-page.js';
import { useSession } from '../lib/session-store.js';
import { mockApi } from '../test/fetch-mock.js';
import { buildSelfUser } from '../test/fixtures.js';
import { Providers } from './providers.js';
import { appRoutes } from './routes.js';

// Not through test/render.js: that loads every page's code first, and these tests watch it arrive.
function renderRoutes(path: string) {
  mockApi(() => ({ status: 200, body: { contactEmail: 'hello@example.com' } }));
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

// The first test imports the whole app; on a busy machine that alone can take seconds.
describe('pages in chunks of their own', { timeout: 15_000 }, () => {
  it('renders the login page at once: its code comes with the app', () => {
    renderRoutes('/auth');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('shows a loading line on the first visit of another page, then the page', async () => {
    renderRoutes('/grace');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText(VISITOR_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('keeps the current page on a move until the next page can show, which then takes the focus', async () => {
    useSession.setState({ user: buildSelfUser(), landing: null });
    const router = renderRoutes('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Simplified' });
    await act(() => router.navigate('/create'));
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    // The heading can show a frame before the focus effect runs, so the focus is waited for, not assumed.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Create AI' })).toHaveFocus());
    act(() => useSession.getState().signOut());
  });
});
