import { describe, expect, it } from 'vitest';
import { previewText } from './format.js';

describe('previewText', () => {
  it('keeps a message of up to 100 characters as it is', () => {
    expect(previewText('Short and sweet')).toBe('Short and sweet');
    expect(previewText('x'.repeat(100))).toBe('x'.repeat(100));
  });

  it("cuts a longer message to its first 100 characters plus '...'", () => {
    const long = `${'a'.repeat(100)}TAIL`;
    expect(previewText(long)).toBe(`${'a'.repeat(100)}...`);
    expect(previewText('b'.repeat(101))).toHaveLength(103);
  });
});
