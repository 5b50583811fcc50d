import { describe, expect, it } from 'vitest';
import { canvasNoteTitle } from './note-title.js';

describe('canvasNoteTitle (SPEC §9: canvas notes use the first line cut to 50 characters)', () => {
  it('takes the first line only', () => {
    expect(canvasNoteTitle('  Heading here  \nsecond line')).toBe('Heading here');
    expect(canvasNoteTitle('\r\n\nFirst\r\nnext')).toBe('First');
  });

  it('cuts at 50 characters, not 40', () => {
    const line = 'a'.repeat(45) + 'b'.repeat(20);
    expect(canvasNoteTitle(line)).toBe('a'.repeat(45) + 'b'.repeat(5));
    expect(canvasNoteTitle(line)).toHaveLength(50);
    expect(canvasNoteTitle('x'.repeat(50))).toHaveLength(50);
  });

  it('counts characters, not UTF-16 units, and drops a trailing space left by the cut', () => {
    expect([...canvasNoteTitle('𝑥'.repeat(60))]).toHaveLength(50);
    expect(canvasNoteTitle(`${'w'.repeat(49)} tail`)).toBe('w'.repeat(49));
  });

  it('gives an empty title for blank text', () => {
    expect(canvasNoteTitle('   \n  ')).toBe('');
  });
});
