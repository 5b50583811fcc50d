import { useInfiniteQuery } from '@tanstack/react-query';
import { DirectoryList, NEXT_CURSOR_HEADER, type DirectoryEntry } from '../../contracts/personas.js';
import type { CategoryTag } from '../../contracts/rules.js';
import { apiRequestWithHeaders } from './api-client.js';

/** What one directory listing asks the server for (SPEC §7 GET /api/users/directory). */
export interface DirectoryFilter {
  q?: string;
  tag?: CategoryTag;
  createdBy?: string;
}

export interface DirectoryPage {
  entries: DirectoryEntry[];
  /** The cursor of the next page; undefined on the last one. */
  nextCursor: string | undefined;
}

/** Cards per page: a few full rows on any screen. */
export const DIRECTORY_PAGE_SIZE = 30;

/** Every directory listing lives under this key, so a new or edited persona can refresh them all. */
export const DIRECTORY_ROOT_KEY = ['directory'] as const;

export function directoryKey(filter: DirectoryFilter) {
  return [...DIRECTORY_ROOT_KEY, filter.q ?? '', filter.tag ?? '', filter.createdBy ?? ''] as const;
}

/** One page of the directory; the next page's cursor comes back in the X-Next-Cursor header. */
export async function fetchDirectoryPage(
  filter: DirectoryFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<DirectoryPage> {
  const query = new URLSearchParams({ limit: String(DIRECTORY_PAGE_SIZE) });
  if (filter.q) query.set('q', filter.q);
  if (filter.tag) query.set('tag', filter.tag);
  if (filter.createdBy) query.set('createdBy', filter.createdBy);
  if (cursor) query.set('cursor', cursor);
  const { data, headers } = await apiRequestWithHeaders(`/api/users/directory?${query.toString()}`, {
    schema: DirectoryList,
    signal,
  });
  return { entries: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

/** The directory for one filter, page by page ("Load more" asks for the next). */
export function useDirectory(filter: DirectoryFilter) {
  return useInfiniteQuery({
    queryKey: directoryKey(filter),
    queryFn: ({ pageParam, signal }) => fetchDirectoryPage(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });
}
