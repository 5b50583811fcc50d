import { describe, expect, it } from 'vitest';
import { isPdf, keepFailure, nextOpenedAt } from './opened-files.js';

describe('opened files', () => {
  it('takes a PDF by its type, or by its name when the type is missing', () => {
    expect(isPdf(new File(['x'], 'scan', { type: 'application/pdf' }))).toBe(true);
    expect(isPdf(new File(['x'], 'Report.PDF'))).toBe(true);
    expect(isPdf(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe(false);
  });

  it('gives every opened file a later time, even within one millisecond', () => {
    const times = Array.from({ length: 5 }, () => nextOpenedAt());
    expect(new Set(times).size).toBe(5);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('says when the browser is full, and names the file either way', () => {
    expect(keepFailure('a.pdf', new DOMException('full', 'QuotaExceededError'))).toBe(
      'This browser has no room left to keep “a.pdf”, so it will be lost on reload: download it, or close other PDFs.',
    );
    expect(keepFailure('b.pdf', new Error('disk on fire'))).toContain(
      '“b.pdf” could not be kept in this browser',
    );
  });
});
