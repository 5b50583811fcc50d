import { normalizeText } from '../../../contracts/normalize-text.js';
import { wordMatches } from '../../../contracts/search.js';
import { folded } from './excerpt.js';

// BM25's usual constants: how soon repeats stop counting, and how much a long text is marked down.
const K1 = 1.2;
const B = 0.75;
/** Characters of a text read for ranking: a long note ranks by its beginning, and costs the same as a short one. */
const RANKED_CHARS = 5000;

/** How many words `text` has, and how many of them each of `words` matches, in its normalised spelling. */
function counts(text: string, words: readonly string[]): { length: number; hits: number[] } {
  const tokens = normalizeText(text.slice(0, RANKED_CHARS)).match(/[\p{L}\p{N}]+/gu) ?? [];
  const hits = words.map(() => 0);
  for (const token of tokens) {
    const word = folded(token);
    words.forEach((query, i) => {
      if (wordMatches(word, query)) hits[i] = (hits[i] ?? 0) + 1;
    });
  }
  return { length: tokens.length, hits };
}

/**
 * The `limit` best of `candidates` (given newest first) for `words`: BM25's weighting of repeats and length,
 * without its rarity weight (every candidate holds every word, so rarity would only say which word's repeats
 * count more). Equal scores keep the newer first.
 */
export function bestMatches<T extends { body: string }>(
  candidates: readonly T[],
  words: readonly string[],
  limit: number,
): T[] {
  const wanted = words.map(folded);
  const measured = candidates.map((candidate) => counts(candidate.body, wanted));
  const average = measured.reduce((sum, m) => sum + m.length, 0) / Math.max(1, measured.length) || 1;
  const scored = candidates.map((candidate, order) => {
    const { length, hits } = measured[order] ?? { length: 0, hits: [] };
    const norm = K1 * (1 - B + (B * length) / average);
    const score = hits.reduce((sum, f) => sum + (f * (K1 + 1)) / (f + norm), 0);
    return { candidate, order, score };
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map(({ candidate }) => candidate);
}
