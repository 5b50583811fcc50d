import { normalizeText } from '../../../contracts/normalize-text.js';
import { SEARCH_LIMITS, wordMatches, type Highlight } from '../../../contracts/search.js';

/** Case and accents aside, as the SQLite index compares (unicode61 remove_diacritics). */
export const folded = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Where each word of `text` that one of `words` matches sits, as [start, end) offsets. */
export function matchedWords(text: string, words: readonly string[]): Highlight[] {
  const wanted = words.map(folded);
  const found: Highlight[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = folded(match[0]);
    if (wanted.some((query) => wordMatches(word, query)))
      found.push([match.index, match.index + match[0].length]);
  }
  return found;
}

// Context shown before the first match when the text is cut.
const LEAD_CHARS = 40;
const ELLIPSIS = '…';

/**
 * A one-line excerpt of `text` in its normalised spelling (as the index matched it) around its first match, at
 * most SEARCH_LIMITS.excerptChars long (plus the ellipses that say it was cut), and where the matched words sit.
 */
export function excerptOf(
  text: string,
  words: readonly string[],
): { excerpt: string; highlights: Highlight[] } {
  const line = normalizeText(text).replace(/\s+/g, ' ').trim();
  const max = SEARCH_LIMITS.excerptChars;
  const first = matchedWords(line, words)[0]?.[0] ?? 0;
  let start = line.length <= max ? 0 : Math.max(0, Math.min(first - LEAD_CHARS, line.length - max));
  // Begin at a word, not inside one.
  if (start > 0) start = line.indexOf(' ', start - 1) + 1 || start;
  const end = Math.min(line.length, start + max);
  const lead = start > 0 ? ELLIPSIS : '';
  const excerpt = lead + line.slice(start, end) + (end < line.length ? ELLIPSIS : '');
  const highlights = matchedWords(excerpt, words).filter(([from]) => from >= lead.length);
  return { excerpt, highlights };
}
