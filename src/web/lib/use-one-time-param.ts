import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A query parameter that asks for something once (open this message, select this item), and a function that
 * drops it from the address without a new history entry, so Back and reloads do not ask again.
 */
export function useOneTimeParam(name: string): [value: string | null, forget: () => void] {
  const [params, setParams] = useSearchParams();
  const forget = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(name);
          return next;
        },
        // The same page: the window stays where the request put it (a turn scrolled into view).
        { replace: true, preventScrollReset: true },
      ),
    [name, setParams],
  );
  return [params.get(name), forget];
}
