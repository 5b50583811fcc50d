import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DiscussionWithTurns } from '../../../../contracts/charioteer.js';
import { apiRequest } from '../../../lib/api-client.js';
import { charioteerKeys, discussionPath } from './charioteer-keys.js';
import { mergeTurns } from './discussion-cache.js';

/**
 * GET /api/charioteer/discussions/:id. Turns only ever get added, so a turn the socket brought while
 * the request was on its way is kept.
 */
export function useDiscussion(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: charioteerKeys.discussion(id),
    queryFn: async ({ signal }) => {
      const fetched = await apiRequest(discussionPath(id), { schema: DiscussionWithTurns, signal });
      const held = client.getQueryData<DiscussionWithTurns>(charioteerKeys.discussion(id));
      return held ? { ...fetched, turns: mergeTurns(held.turns, fetched.turns) } : fetched;
    },
  });
}
