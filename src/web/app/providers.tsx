import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client.js';
import { useSession } from '../lib/session-store.js';

/** Drops every cached server answer when the user signs out, so nothing leaks to the next person. */
function useClearCacheOnSignOut(client: QueryClient): void {
  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        if (previous.user !== null && state.user === null) client.clear();
      }),
    [client],
  );
}

/** App-wide providers; tests pass their own client. */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  useClearCacheOnSignOut(queryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
