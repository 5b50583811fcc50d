import { describe, expect, it } from 'vitest';
import { bestMatches } from './rank.js';

const entries = (...bodies: string[]) => bodies.map((body, i) => ({ id: i, body }));
const ids = (found: { id: number }[]) => found.map((f) => f.id);

describe('bestMatches', () => {
  it('puts repeats and short texts first', () => {
    const found = bestMatches(
      entries('sail once among many other words in a long message here', 'sail sail', 'sail now'),
      ['sail'],
      3,
    );
    expect(ids(found)).toEqual([1, 2, 0]);
  });

  it('counts words that begin with a query word, ignoring case and accents', () => {
    const found = bestMatches(entries('cafe', 'Café CAFÉS cafeteria'), ['cafe'], 2);
    expect(ids(found)).toEqual([1, 0]);
  });

  it('keeps the given (newest first) order between equal scores, and stops at the limit', () => {
    expect(ids(bestMatches(entries('a tide', 'b tide', 'c tide'), ['tide'], 2))).toEqual([0, 1]);
  });

  it('weighs every word of the query', () => {
    const found = bestMatches(
      entries('harbour harbour harbour', 'harbour lantern'),
      ['harbour', 'lantern'],
      2,
    );
    expect(ids(found)).toEqual([1, 0]);
  });
});
