import { describe, expect, it } from 'vitest';
import { numberedTitle, splitNote } from './note-parts.js';

describe('splitting a long note', () => {
  it('keeps a text that fits as one part', () => {
    expect(splitNote('Short text', 100)).toEqual(['Short text']);
  });

  it('breaks at paragraphs near the limit and loses nothing', () => {
    const paragraph = `${'word '.repeat(15).trim()}.`;
    const text = Array.from({ length: 12 }, () => paragraph).join('\n\n');
    const parts = splitNote(text, 240);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join('')).toBe(text);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(240);
    for (const part of parts.slice(0, -1)) expect(part.endsWith('\n\n')).toBe(true);
  });

  it('falls back to a space, then to the limit itself, without splitting a surrogate pair', () => {
    const spaced = 'abcdefghi '.repeat(30);
    const parts = splitNote(spaced, 95);
    expect(parts.join('')).toBe(spaced);
    expect(parts[0]).toBe('abcdefghi '.repeat(9));

    const emoji = `${'x'.repeat(9)}😀${'y'.repeat(20)}`;
    const cut = splitNote(emoji, 10);
    expect(cut.join('')).toBe(emoji);
    expect(cut[0]).toBe('x'.repeat(9));
    expect(cut[1]?.startsWith('😀')).toBe(true);
  });

  it('numbers the titles of several parts only', () => {
    expect(numberedTitle('Report', 2, 3)).toBe('Report (2 of 3)');
    expect(numberedTitle('Report', 1, 1)).toBe('Report');
  });
});
