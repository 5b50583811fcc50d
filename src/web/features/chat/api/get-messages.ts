import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_LIMITS, MessageList, type Message } from '../../../../contracts/messages.js';
import { apiRequest } from '../../../lib/api-client.js';
import { mergeMessages } from './message-cache.js';
import type { MessageThread } from './message-thread.js';

/** How far back a back-fill may page (50 × 20 = 1000 missed messages) before it stops looking. */
const MAX_BACKFILL_PAGES = 20;

/** One page of a thread (GET /api/messages/:otherUserId or a room's), oldest first; `before` pages back. */
export async function fetchMessagePage(
  thread: MessageThread,
  { before, signal }: { before?: string; signal?: AbortSignal } = {},
): Promise<Message[]> {
  const query = new URLSearchParams({ limit: String(MESSAGE_LIMITS.pageSize) });
  if (before !== undefined) query.set('before', before);
  return apiRequest(`${thread.path}?${query.toString()}`, {
    schema: MessageList,
    signal,
  });
}

/**
 * The newest page merged into what we already hold. When everything on it is new (we were away
 * for more than a page), it keeps paging back until it meets a known message, so nothing is skipped.
 */
export async function fetchNewestMessages(
  thread: MessageThread,
  current: readonly Message[],
  signal?: AbortSignal,
): Promise<Message[]> {
  let page = await fetchMessagePage(thread, { signal });
  let merged = mergeMessages(current, page);
  if (current.length === 0) return merged;
  const known = new Set(current.map((message) => message._id));
  for (let pages = 1; pages < MAX_BACKFILL_PAGES; pages += 1) {
    const oldest = page[0];
    if (!oldest || page.length < MESSAGE_LIMITS.pageSize || page.some((m) => known.has(m._id))) break;
    page = await fetchMessagePage(thread, { before: oldest._id, signal });
    merged = mergeMessages(merged, page);
  }
  return merged;
}

/**
 * The open conversation's messages. Skipped for mock conversations (SPEC §7). Each fetch merges
 * into the cache, including events that arrived while it was in flight.
 */
export function useMessages(thread: MessageThread, enabled: boolean) {
  const queryClient = useQueryClient();
  const { key } = thread;
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<Message[]>(key) ?? [];
      const fetched = await fetchNewestMessages(thread, before, signal);
      return mergeMessages(queryClient.getQueryData<Message[]>(key) ?? [], fetched);
    },
    staleTime: 0,
    enabled,
  });
}
