import { LEFT_OUT_REASONS, type LeftOutReason } from './left-out-reasons.js';

/**
 * The PDF intake report: what was read from each page of a file and what was left out, and why. Pure
 * functions, shared by the Studio and the Editor, so both say the same thing in the same words.
 */

/**
 * At most this many pages of one file are read with OCR: about a second or two each on a small machine,
 * so 50 pages is already a minute or more. Pages past it are listed as left out, never dropped silently.
 */
export const OCR_PAGE_LIMIT = 50;

/**
 * OCR's confidence (0–100, tesseract's mean over the page's words) under which a page's text is reported
 * as possibly wrong: clean print reads at 85–95, while a blurred, noisy or tiny scan, or a page drawn
 * wrongly, falls well under 60.
 */
export const LOW_OCR_CONFIDENCE = 60;

/** How one page was read: from its text layer, with OCR (and how sure OCR was), or not at all. */
export type PageReading =
  | { page: number; source: 'text'; characters: number }
  | { page: number; source: 'ocr'; characters: number; confidence: number }
  | { page: number; source: 'left-out'; reason: LeftOutReason };

/** A page OCR read with a confidence under LOW_OCR_CONFIDENCE, and that confidence (a whole percent). */
export interface LowConfidencePage {
  page: number;
  confidence: number;
}

export interface LeftOutPages {
  reason: LeftOutReason;
  pages: number[];
}

/** One file's report: the numbers the Studio and the Editor show, and every page that is missing. */
export interface IntakeReport {
  pages: number;
  /** Characters of text extracted, from the text layer and OCR together. */
  characters: number;
  /** Pages with no text layer; each was read with OCR or is listed in `leftOut`. */
  pagesWithoutText: number[];
  /** Pages whose text came from OCR. */
  ocrPages: number[];
  /** The OCR pages whose text may be wrong. */
  lowConfidence: LowConfidencePage[];
  leftOut: LeftOutPages[];
}

/** Which pages with no text layer get OCR (the first `limit`) and which are over the limit. */
export function planOcr(pagesWithoutText: readonly number[], limit = OCR_PAGE_LIMIT) {
  return { toRead: pagesWithoutText.slice(0, limit), overLimit: pagesWithoutText.slice(limit) };
}

/** Whether a page's text counts as text at all: whitespace alone is a page with no text. */
export function hasText(text: string): boolean {
  return /\S/.test(text);
}

/** The report from every page's reading; pages are sorted, and reasons keep the order of LEFT_OUT_REASONS. */
export function buildIntakeReport(readings: readonly PageReading[]): IntakeReport {
  const sorted = [...readings].sort((a, b) => a.page - b.page);
  const leftOut = LEFT_OUT_REASONS.map((reason) => ({
    reason,
    pages: sorted.filter((r) => r.source === 'left-out' && r.reason === reason).map((r) => r.page),
  })).filter((entry) => entry.pages.length > 0);
  return {
    pages: sorted.length,
    characters: sorted.reduce((sum, r) => sum + (r.source === 'left-out' ? 0 : r.characters), 0),
    pagesWithoutText: sorted.filter((r) => r.source !== 'text').map((r) => r.page),
    ocrPages: sorted.filter((r) => r.source === 'ocr').map((r) => r.page),
    lowConfidence: sorted.flatMap((r) =>
      r.source === 'ocr' && r.confidence < LOW_OCR_CONFIDENCE
        ? [{ page: r.page, confidence: Math.round(r.confidence) }]
        : [],
    ),
    leftOut,
  };
}

/** Page numbers as short ranges: [1, 2, 3, 5] reads "1–3, 5". */
export function pageRanges(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let end = i;
    while (end + 1 < sorted.length && sorted[end + 1] === (sorted[end] ?? 0) + 1) end += 1;
    ranges.push(end > i ? `${sorted[i]}–${sorted[end]}` : `${sorted[i]}`);
    i = end + 1;
  }
  return ranges.join(', ');
}

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
const pagesWord = (pages: readonly number[]) =>
  `${pages.length === 1 ? 'page' : 'pages'} ${pageRanges(pages)}`;

/** The numbers in one line: "5 pages · 9,488 characters · 2 pages with no text". */
export function reportSummary(report: IntakeReport): string {
  return [
    plural(report.pages, 'page'),
    plural(report.characters, 'character'),
    report.pagesWithoutText.length === 0
      ? 'every page has text'
      : `${plural(report.pagesWithoutText.length, 'page')} with no text`,
  ].join(' · ');
}

const REASON_TEXT: Record<LeftOutReason, (limit: number) => string> = {
  'ocr-limit': (limit) => `only the first ${plural(limit, 'page')} with no text in a file are read with OCR`,
  'ocr-cancelled': () => 'OCR was cancelled',
  'ocr-failed': () => 'OCR could not read it',
  'no-words': () => 'OCR found no words on it; it may be blank',
};

/** One sentence per group of left-out pages: "Left out pages 3–4: OCR was cancelled." */
export function leftOutLines(report: IntakeReport, limit = OCR_PAGE_LIMIT): string[] {
  return report.leftOut.map(
    (entry) => `Left out ${pagesWord(entry.pages)}: ${REASON_TEXT[entry.reason](limit)}.`,
  );
}

/** Which pages were read with OCR, in a sentence, or null when none was. */
export function ocrLine(report: IntakeReport): string | null {
  return report.ocrPages.length > 0 ? `Read with OCR: ${pagesWord(report.ocrPages)}.` : null;
}

/**
 * The OCR pages whose text may be wrong, with OCR's confidence, in a sentence, or null when there is none:
 * "Read with low confidence: page 1 (41%); its text may be wrong."
 */
export function lowConfidenceLine(report: IntakeReport): string | null {
  const pages = report.lowConfidence;
  if (pages.length === 0) return null;
  const figures = pages.map(({ page, confidence }) => `${page} (${confidence}%)`).join(', ');
  return pages.length === 1
    ? `Read with low confidence: page ${figures}; its text may be wrong.`
    : `Read with low confidence: pages ${figures}; their text may be wrong.`;
}

/**
 * Why a file gave no text at all, for a file that is then left out of the context: the reasons of its
 * pages, or that it has no pages.
 */
export function noTextReason(report: IntakeReport, limit = OCR_PAGE_LIMIT): string {
  if (report.pages === 0) return 'the file has no pages';
  const reasons = leftOutLines(report, limit).map((line) =>
    line.replace(/^Left out /, '').replace(/\.$/, ''),
  );
  return `no text was found (${reasons.join('; ')})`;
}
