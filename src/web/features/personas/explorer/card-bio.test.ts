import { describe, expect, it } from 'vitest';
import { cardBio } from './card-bio.js';

describe('card bio', () => {
  it('keeps a bio of 50 characters or fewer whole', () => {
    expect(cardBio('Short and sweet.')).toBe('Short and sweet.');
    expect(cardBio('x'.repeat(50))).toBe('x'.repeat(50));
  });

  it('cuts a longer bio to 50 characters plus "..."', () => {
    expect(cardBio('y'.repeat(51))).toBe(`${'y'.repeat(50)}...`);
  });

  it('counts characters, so an emoji is never split', () => {
    expect(cardBio(`${'🦉'.repeat(60)}`)).toBe(`${'🦉'.repeat(50)}...`);
  });
});
