import { useEffect } from 'react';
import { useOneTimeParam } from '../../../lib/use-one-time-param.js';
import type { Action } from '../../../../contracts/actions.js';

/**
 * /studio?item=<id> (a search result): selects that saved item, as choosing it in "Saved items" would, once
 * the items have loaded; then forgets the link, so reloading does not undo what the person did since.
 */
export function useItemFromLink(
  items: readonly Action[],
  loading: boolean,
  select: (item: Action) => void,
): void {
  const [wanted, forget] = useOneTimeParam('item');
  useEffect(() => {
    if (!wanted || loading) return;
    const item = items.find((candidate) => candidate._id === wanted);
    if (item) select(item);
    forget();
  }, [wanted, loading, items, select, forget]);
}
