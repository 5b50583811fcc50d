import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './format-timestamp.js';

describe('formatTimestamp', () => {
  it("formats as 'MMM dd h:mm a' in the reader's time zone", () => {
    expect(formatTimestamp(new Date(2024, 4, 7, 15, 4).toISOString())).toBe('May 07 3:04 PM');
    expect(formatTimestamp(new Date(2024, 11, 25, 0, 30).toISOString())).toBe('Dec 25 12:30 AM');
    expect(formatTimestamp(new Date(2024, 0, 1, 12, 0).toISOString())).toBe('Jan 01 12:00 PM');
    expect(formatTimestamp(new Date(2024, 8, 30, 23, 59).toISOString())).toBe('Sep 30 11:59 PM');
  });

  it('shows nothing for an unreadable time', () => {
    expect(formatTimestamp('not a date')).toBe('');
  });
});
