import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button.js';

/** What the button needs of an infinite query. */
interface PagedQuery {
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface NextPageButtonProps {
  query: PagedQuery;
  variant: ButtonVariant;
  children: ReactNode;
}

/** Fetches a paged list's next page; busy, and not pressed again, while that page is on its way. */
export function NextPageButton({ query, variant, children }: NextPageButtonProps) {
  return (
    <Button
      variant={variant}
      busy={query.isFetchingNextPage}
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {children}
    </Button>
  );
}
