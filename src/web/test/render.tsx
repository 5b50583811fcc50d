import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { SelfUser } from '../../contracts/users.js';
import { Providers } from '../app/providers.js';
import { appRoutes, preloadPages } from '../app/routes.js';
import { useSession } from '../lib/session-store.js';
import { STORAGE_KEYS } from '../lib/storage.js';

// Pages load lazily in the app; here their code is in place first, so renderApp shows a page at once.
await preloadPages();

/** Shows the router's current address so tests can assert where a redirect went. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Puts a user in the session store and storage (or signs out with null). */
export function setSignedInUser(user: SelfUser | null): void {
  if (user) window.localStorage.setItem(STORAGE_KEYS.me, JSON.stringify(user));
  else window.localStorage.removeItem(STORAGE_KEYS.me);
  useSession.setState({ user, landing: null });
}

function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders any element inside the app's providers and an in-memory router. */
export function renderWithRouter(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const client = testQueryClient();
  const result = render(
    <Providers client={client}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, client };
}

/** Renders the whole app at `path`, signed in as `user` (or as a visitor), on a data router as main.tsx does. */
export function renderApp(path: string, { user = null }: { user?: SelfUser | null } = {}) {
  setSignedInUser(user);
  const client = testQueryClient();
  const probed = [
    {
      // appRoutes carry the ids createRoutesFromElements gave them ("0", "0-1"…); this one must differ.
      id: 'location-probe',
      element: (
        <>
          <Outlet />
          <LocationProbe />
        </>
      ),
      children: appRoutes,
    },
  ];
  const router = createMemoryRouter(probed, { initialEntries: [path] });
  const result = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, client, router };
}
