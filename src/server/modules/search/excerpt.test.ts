import { describe, expect, it } from 'vitest';
import { SEARCH_LIMITS } from '../../../contracts/search.js';
import { excerptOf, matchedWords } from './excerpt.js';

const marked = (text: string, ranges: [number, number][]) => ranges.map(([a, b]) => text.slice(a, b));

describe('matchedWords', () => {
  it('finds whole words that begin with a query word, ignoring case and accents', () => {
    const text = 'Sailing to Café Sail, not assail. CAFES!';
    expect(marked(text, matchedWords(text, ['sail', 'cafe']))).toEqual(['Sailing', 'Café', 'Sail', 'CAFES']);
  });

  it('matches a 2-character query word only as a whole word', () => {
    const text = 'Go on, the goat is gone. GO!';
    expect(marked(text, matchedWords(text, ['go']))).toEqual(['Go', 'GO']);
  });

  it('finds nothing when no word begins with the query', () => {
    expect(matchedWords('unsailed waters', ['sail'])).toEqual([]);
  });
});

describe('excerptOf', () => {
  it('keeps a short text whole, on one line', () => {
    const { excerpt, highlights } = excerptOf('Meet at the\nharbour  at noon', ['harbour']);
    expect(excerpt).toBe('Meet at the harbour at noon');
    expect(marked(excerpt, highlights)).toEqual(['harbour']);
  });

  it('cuts a long text around the first match, at a word, and says it was cut', () => {
    const text = `${'filler '.repeat(60)}the lighthouse keeper waved ${'more '.repeat(60)}`;
    const { excerpt, highlights } = excerptOf(text, ['lighthouse']);
    expect(excerpt.startsWith('…filler ')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(SEARCH_LIMITS.excerptChars + 2);
    expect(marked(excerpt, highlights)).toEqual(['lighthouse']);
  });

  it('shows the end of a long text whose match is near its end', () => {
    const text = `${'filler '.repeat(60)}final word`;
    const { excerpt } = excerptOf(text, ['final']);
    expect(excerpt.endsWith('final word')).toBe(true);
  });
});
