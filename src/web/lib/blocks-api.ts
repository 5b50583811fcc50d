import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { BlockList } from '../../contracts/safety.js';
import { apiRequest } from './api-client.js';

export const BLOCKS_KEY = ['blocks'] as const;

/**
 * A block changes what the blocker sees almost everywhere (their conversations, the directory, search, profiles),
 * so everything that shows people is read again: after one's own change and after another tab's (blocksChanged).
 */
export function refetchAfterBlocksChanged(queryClient: QueryClient): void {
  for (const queryKey of [BLOCKS_KEY, ['profile'], ['chat'], ['directory'], ['search']])
    void queryClient.invalidateQueries({ queryKey });
}

/** GET /api/users/blocks: the people the signed-in person blocked, the latest first. */
export function useBlockList() {
  return useQuery({
    queryKey: BLOCKS_KEY,
    queryFn: ({ signal }) => apiRequest('/api/users/blocks', { schema: BlockList, signal }),
  });
}

/** PUT (block) or DELETE (unblock) /api/users/blocks/:userId; both answer 204. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) =>
      apiRequest(`/api/users/blocks/${encodeURIComponent(userId)}`, {
        method: blocked ? 'PUT' : 'DELETE',
        schema: z.undefined(),
      }),
    onSuccess: () => refetchAfterBlocksChanged(queryClient),
  });
}
