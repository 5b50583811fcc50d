import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchDirectoryPage } from '../../../../lib/directory-api.js';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.js';
import { cleanUsername } from '../components/username-chips.js';

// Typing a name asks once it pauses, not at every letter.
const TYPING_PAUSE_MS = 250;
const SUGGESTIONS = 8;

/** Personas of the directory (GET /api/users/directory?q=) matching what is typed, to pick from. */
export function usePersonaSuggestions(typed: string) {
  const q = useDebouncedValue(cleanUsername(typed), TYPING_PAUSE_MS);
  const found = useQuery({
    queryKey: ['chat', 'room-persona-suggestions', q],
    queryFn: ({ signal }) => fetchDirectoryPage({ q }, undefined, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return q === '' ? [] : (found.data?.entries.slice(0, SUGGESTIONS) ?? []);
}
