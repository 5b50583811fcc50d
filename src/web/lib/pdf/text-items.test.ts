import { describe, expect, it } from 'vitest';
import { annotationText, pageTextFromItems, type PdfTextItem } from './text-items.js';

/** A text run at (x, y) of the given size; its width is 0.5 × size per character. */
function run(str: string, x: number, y: number, { size = 10, eol = false } = {}): PdfTextItem {
  return {
    str,
    hasEOL: eol,
    transform: [size, 0, 0, size, x, y],
    width: str.length * size * 0.5,
    height: size,
  };
}

describe('pageTextFromItems', () => {
  it('joins runs, keeps explicit spaces and ends lines where pdf.js says', () => {
    const items = [
      run('Hello', 0, 100),
      run(' ', 25, 100),
      run('world', 30, 100, { eol: true }),
      run('Next', 0, 88),
    ];
    expect(pageTextFromItems(items)).toBe('Hello world\nNext');
  });

  it('adds a space where runs on one line have a visible gap between them', () => {
    expect(pageTextFromItems([run('1', 0, 100), run('Introduction', 20, 100)])).toBe('1 Introduction');
  });

  it('joins touching runs and raised letters without a space (L A TeX → LATEX)', () => {
    const items = [run('L', 0, 100), run('A', 4, 102, { size: 7 }), run('TEX', 7, 100)];
    expect(pageTextFromItems(items)).toBe('LATEX');
  });

  it('starts a new line when a run drops to the next line without an end-of-line mark', () => {
    expect(pageTextFromItems([run('placed', 0, 100), run('marginal', 0, 80)])).toBe('placed\nmarginal');
  });

  it('skips marked-content entries and empty runs', () => {
    const items = [{ type: 'beginMarkedContent' }, run('', 0, 0, { eol: true }), run('Text', 0, 100)];
    expect(pageTextFromItems(items)).toBe('Text');
  });
});

describe('annotationText', () => {
  it('takes typed text boxes and filled text fields, not comments, links or check boxes', () => {
    expect(
      annotationText([
        { subtype: 'FreeText', contentsObj: { str: 'this is a text anotation' } },
        { subtype: 'Text', contentsObj: { str: 'a sticky comment' } },
        { subtype: 'Link', contentsObj: { str: 'Go to destination' } },
        { subtype: 'Widget', fieldType: 'Tx', fieldValue: 'foobar' },
        { subtype: 'Widget', fieldType: 'Btn', fieldValue: 'Yes' },
        { subtype: 'Widget', fieldType: 'Tx', fieldValue: '  ' },
      ]),
    ).toBe('this is a text anotation\nfoobar');
  });
});
