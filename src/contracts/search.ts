import { z } from 'zod';
import { normalizeText } from './normalize-text.js';

/**
 * Search (our addition): one box over what the signed-in person may read: their conversations' messages, their
 * saved notes and prompts, and their Charioteer discussions. A word of 3 or more characters matches any word it
 * begins, a 2-character one only itself (case and accents aside, on SQLite); every word of the query must match.
 */
export const SEARCH_LIMITS = {
  queryChars: 200,
  /** Words used from one query; more only narrow what is already narrow. */
  words: 8,
  /** A one-letter prefix matches nearly everything and costs the most; words this short are left out. */
  wordCharsMin: 2,
  /**
   * Shorter words match only themselves: a 2-letter beginning is in most texts, and indexing every word's
   * 2-letter beginning as well would cost every message written a fifth more index work.
   */
  prefixCharsMin: 3,
  resultsMax: 30,
  resultsDefault: 20,
  /** Characters of context shown around the first match. */
  excerptChars: 160,
} as const;

/** Whether a query word also finds the longer words it begins. */
export const matchesAsPrefix = (word: string) => [...word].length >= SEARCH_LIMITS.prefixCharsMin;

/** Whether `word` (lower-cased, accents removed) is matched by the query word `wanted`. */
export const wordMatches = (word: string, wanted: string) =>
  matchesAsPrefix(wanted) ? word.startsWith(wanted) : word === wanted;

/**
 * The words a query searches for: runs of letters and digits of its normalised spelling (normalize-text.ts),
 * lower-cased, at least 2 long, at most 8.
 */
export function searchWords(query: string): string[] {
  const words =
    normalizeText(query)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const kept = words.filter((word) => [...word].length >= SEARCH_LIMITS.wordCharsMin);
  return [...new Set(kept)].slice(0, SEARCH_LIMITS.words);
}

export const SEARCH_NEEDS_A_WORD = 'Type a word of at least 2 letters or digits to search';

/** GET /api/search?q=…&limit=… */
export const SearchQuery = z.object({
  q: z
    .string({ error: 'q is required' })
    .max(SEARCH_LIMITS.queryChars, `A search is at most ${SEARCH_LIMITS.queryChars} characters`)
    .refine((q) => searchWords(q).length > 0, SEARCH_NEEDS_A_WORD),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.resultsMax).default(SEARCH_LIMITS.resultsDefault),
});
export type SearchQuery = z.input<typeof SearchQuery>;

/** Where a match sits, as [start, end) offsets into `excerpt`: the client marks them, as text. */
export const Highlight = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
export type Highlight = z.infer<typeof Highlight>;

const resultBase = {
  /** The message's, saved item's or discussion's id. */
  _id: z.string(),
  /** What the match is in, for people: "@ann", a note's title, a discussion's topic. */
  title: z.string(),
  excerpt: z.string(),
  highlights: z.array(Highlight),
  /** When it was written (a saved item: last changed). */
  at: z.string(),
};

export const SearchResult = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    ...resultBase,
    /** The other person (or persona) of a DM: where the message is opened. */
    chatWith: z.object({ _id: z.string(), username: z.string() }).optional(),
    /** The room a room's message is in (instead of chatWith): where it is opened. */
    room: z.object({ _id: z.string(), name: z.string() }).optional(),
  }),
  z.object({ kind: z.enum(['note', 'prompt']), ...resultBase }),
  z.object({
    kind: z.literal('discussion'),
    ...resultBase,
    /** The turn that matched; absent when the topic did. */
    turnId: z.string().optional(),
  }),
]);
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchResults = z.array(SearchResult);
