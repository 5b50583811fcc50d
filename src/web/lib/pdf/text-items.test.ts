import { describe, expect, it } from 'vitest';
import { annotationText, pageTextFromItems, type PdfTextItem } from './text-items.js';

/** A text run at (x, y) of the given size; its width is 0.5 × size per character. */
function run(str: string, x: number, y: number, { size = 10, eol = false, rtl = false } = {}): PdfTextItem {
  return {
    str,
    dir: rtl ? 'rtl' : 'ltr',
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

describe('pageTextFromItems: right-to-left text', () => {
  /** Runs drawn glyph by glyph from the left, as Chromium prints Arabic: `glyphs` in the page's (visual) order. */
  const drawn = (glyphs: string[], y: number, rtl: (glyph: string) => boolean) =>
    glyphs.map((glyph, i) => run(glyph, i * 5, y, { rtl: rtl(glyph) }));
  const arabic = (glyph: string) => /\p{Script=Arabic}/u.test(glyph);

  it('puts runs drawn right to left back in reading order', () => {
    // "اللغة العربية" drawn from the left: the last letter of the last word first.
    const visual = [...'ةيبرعلا'].concat(' ', [...'ةغللا']);
    expect(pageTextFromItems(drawn(visual, 100, arabic))).toBe('اللغة العربية');
  });

  it('keeps a left-to-right word inside a right-to-left line in its own order, and each line apart', () => {
    const line1 = [...'ةيبرعلا', ' ', 'P', 'D', 'F', ' ', ...'ةغل'];
    // Chromium ends a line with an empty run at the line's left edge.
    const items = [...drawn(line1, 100, arabic), run('', -10, 100, { eol: true }), run('Next line', 0, 80)];
    expect(pageTextFromItems(items)).toBe('لغة PDF العربية\nNext line');
  });

  it('keeps runs drawn from the right, which a producer already gave in reading order', () => {
    const items = ['ال', 'لغة', ' ', 'ال', 'عربية'].map((str, i) =>
      run(str, 200 - i * 12, 100, { rtl: true }),
    );
    expect(pageTextFromItems(items)).toBe('اللغة العربية');
  });

  it('reverses only the right-to-left words of a left-to-right line', () => {
    const visual = ['W', 'o', 'r', 'd', ':', ' ', ...'ةيبرعلا', ' ', 'e', 'n', 'd'];
    expect(pageTextFromItems(drawn(visual, 100, arabic))).toBe('Word: العربية end');
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
