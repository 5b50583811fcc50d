import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SearchResults, searchWords, type SearchResult } from '../../../contracts/search.js';
import { apiRequest } from '../../lib/api-client.js';

/** GET /api/search for a query with at least one searchable word; idle otherwise. */
export function useSearchResults(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) =>
      apiRequest(`/api/search?q=${encodeURIComponent(q)}`, { schema: SearchResults, signal }),
    enabled: searchWords(q).length > 0,
    // The previous results stay on screen while the next query's arrive, instead of a flash of nothing.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** Where a result opens: the message in its conversation, the saved item in the Studio, the discussion at the turn. */
export function resultPath(result: SearchResult): string {
  switch (result.kind) {
    case 'message': {
      const thread = result.room
        ? `/chat/room/${encodeURIComponent(result.room._id)}`
        : `/chat/:${encodeURIComponent(result.chatWith?.username ?? '')}`;
      return `${thread}?message=${encodeURIComponent(result._id)}`;
    }
    case 'note':
    case 'prompt':
      return `/studio?item=${encodeURIComponent(result._id)}`;
    case 'discussion': {
      const table = `/charioteer?d=${encodeURIComponent(result._id)}`;
      return result.turnId ? `${table}&turn=${encodeURIComponent(result.turnId)}` : table;
    }
  }
}

/** What kind of thing a result is, as a short label. */
export function resultKind(result: SearchResult): string {
  switch (result.kind) {
    case 'message':
      return result.room ? `Room ${result.room.name}` : `Chat with @${result.chatWith?.username ?? ''}`;
    case 'note':
      return 'Note';
    case 'prompt':
      return 'Prompt';
    case 'discussion':
      return result.turnId ? 'Charioteer turn' : 'Charioteer topic';
  }
}
