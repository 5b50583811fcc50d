import { describe, expect, it } from 'vitest';
import { formatTimestamp, previewText } from './format.js';

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

describe('formatTimestamp', () => {
  it("formats as 'MMM dd h:mm a' in the reader's time zone", () => {
    expect(formatTimestamp(new Date(2024, 4, 7, 15, 4).toISOString())).toBe('May 07 3:04 PM');
    expect(formatTimestamp(new Date(2024, 11, 25, 0, 30).toISOString())).toBe('Dec 25 12:30 AM');
  });

  it('shows nothing for an unreadable time', () => {
    expect(formatTimestamp('not a date')).toBe('');
  });
});
