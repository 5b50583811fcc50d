import { describe, expect, it } from 'vitest';
import {
  buildIntakeReport,
  hasText,
  leftOutLines,
  LOW_OCR_CONFIDENCE,
  lowConfidenceLine,
  noTextReason,
  ocrLine,
  pageRanges,
  planOcr,
  reportSummary,
  type PageReading,
} from './intake-report.js';

const text = (page: number, characters: number): PageReading => ({ page, source: 'text', characters });
const ocr = (page: number, characters: number, confidence = 91): PageReading => ({
  page,
  source: 'ocr',
  characters,
  confidence,
});

describe('buildIntakeReport', () => {
  it('counts pages and characters of a file whose every page has text', () => {
    const report = buildIntakeReport([text(2, 40), text(1, 60)]);
    expect(report).toEqual({
      pages: 2,
      characters: 100,
      pagesWithoutText: [],
      ocrPages: [],
      lowConfidence: [],
      leftOut: [],
    });
    expect(reportSummary(report)).toBe('2 pages · 100 characters · every page has text');
    expect(ocrLine(report)).toBeNull();
    expect(leftOutLines(report)).toEqual([]);
  });

  it('counts OCR text, lists the pages that had no text layer, and groups left-out pages by reason', () => {
    const report = buildIntakeReport([
      text(1, 1200),
      ocr(2, 300),
      { page: 5, source: 'left-out', reason: 'ocr-cancelled' },
      ocr(3, 250),
      { page: 4, source: 'left-out', reason: 'ocr-cancelled' },
      { page: 6, source: 'left-out', reason: 'no-words' },
      { page: 7, source: 'left-out', reason: 'ocr-limit' },
    ]);
    expect(report.pages).toBe(7);
    expect(report.characters).toBe(1750);
    expect(report.pagesWithoutText).toEqual([2, 3, 4, 5, 6, 7]);
    expect(report.ocrPages).toEqual([2, 3]);
    expect(report.leftOut).toEqual([
      { reason: 'ocr-limit', pages: [7] },
      { reason: 'ocr-cancelled', pages: [4, 5] },
      { reason: 'no-words', pages: [6] },
    ]);
    expect(reportSummary(report)).toBe('7 pages · 1,750 characters · 6 pages with no text');
    expect(ocrLine(report)).toBe('Read with OCR: pages 2–3.');
    expect(leftOutLines(report, 2)).toEqual([
      'Left out page 7: only the first 2 pages with no text in a file are read with OCR.',
      'Left out pages 4–5: OCR was cancelled.',
      'Left out page 6: OCR found no words on it; it may be blank.',
    ]);
  });

  it('lists the OCR pages read with low confidence, with the figure, and says their text may be wrong', () => {
    const sure = buildIntakeReport([ocr(1, 40, LOW_OCR_CONFIDENCE), text(2, 10)]);
    expect(sure.lowConfidence).toEqual([]);
    expect(lowConfidenceLine(sure)).toBeNull();

    const one = buildIntakeReport([ocr(1, 40, 41.4), ocr(2, 40, 88)]);
    expect(one.lowConfidence).toEqual([{ page: 1, confidence: 41 }]);
    expect(ocrLine(one)).toBe('Read with OCR: pages 1–2.');
    expect(lowConfidenceLine(one)).toBe('Read with low confidence: page 1 (41%); its text may be wrong.');

    const two = buildIntakeReport([ocr(5, 40, 52), ocr(2, 40, 18.6), text(3, 10)]);
    expect(lowConfidenceLine(two)).toBe(
      'Read with low confidence: pages 2 (19%), 5 (52%); their text may be wrong.',
    );
  });

  it('uses the singular for one page and one character', () => {
    expect(reportSummary(buildIntakeReport([ocr(1, 1)]))).toBe('1 page · 1 character · 1 page with no text');
  });
});

describe('planOcr', () => {
  it('reads the first pages up to the limit and lists the rest as over it', () => {
    expect(planOcr([2, 4, 6, 8], 3)).toEqual({ toRead: [2, 4, 6], overLimit: [8] });
    expect(planOcr([2], 3)).toEqual({ toRead: [2], overLimit: [] });
  });

  it('bounds a long scanned file at 50 pages by default', () => {
    const pages = Array.from({ length: 80 }, (_, i) => i + 1);
    const { toRead, overLimit } = planOcr(pages);
    expect(toRead).toHaveLength(50);
    expect(overLimit[0]).toBe(51);
    expect(overLimit).toHaveLength(30);
  });
});

describe('pageRanges', () => {
  it('writes runs of pages as ranges', () => {
    expect(pageRanges([1, 2, 3, 5, 7, 8])).toBe('1–3, 5, 7–8');
    expect(pageRanges([9, 3, 3, 4])).toBe('3–4, 9');
    expect(pageRanges([])).toBe('');
  });
});

describe('hasText', () => {
  it('treats a page of whitespace as a page with no text', () => {
    expect(hasText(' \n\t ')).toBe(false);
    expect(hasText(' a ')).toBe(true);
  });
});

describe('noTextReason', () => {
  it('says why a file gave nothing, page group by page group', () => {
    const report = buildIntakeReport([
      { page: 1, source: 'left-out', reason: 'ocr-cancelled' },
      { page: 2, source: 'left-out', reason: 'ocr-cancelled' },
      { page: 3, source: 'left-out', reason: 'no-words' },
    ]);
    expect(noTextReason(report)).toBe(
      'no text was found (pages 1–2: OCR was cancelled; page 3: OCR found no words on it; it may be blank)',
    );
    expect(noTextReason(buildIntakeReport([]))).toBe('the file has no pages');
  });
});
