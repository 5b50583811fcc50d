import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { normalizeText } from '../../../contracts/normalize-text.js';
import {
  buildIntakeReport,
  hasText,
  OCR_PAGE_LIMIT,
  planOcr,
  type IntakeReport,
  type PageReading,
} from './intake-report.js';
import type { OcrEngine } from './ocr-engine.js';
import { ocrPages } from './ocr-pages.js';
import { annotationText, pageTextFromItems, type PdfAnnotationInfo } from './text-items.js';

/** Which step a file's reading is at: its text layer, page by page, then OCR of the pages with none. */
export interface IntakeProgress {
  phase: 'text' | 'ocr';
  /** Pages done in this phase, and how many it has. */
  done: number;
  total: number;
  /** The page being read with OCR, and how much of it is read (0–1). */
  page?: number;
  share?: number;
}

export interface IntakeOptions {
  /** Stops the whole reading (the file was removed): the promise rejects with the abort reason. */
  signal?: AbortSignal;
  /** The cancel button: stops OCR only; what was read is kept and the rest is listed as cancelled. */
  ocrSignal?: AbortSignal;
  onProgress?: (progress: IntakeProgress) => void;
  ocrLimit?: number;
  /** The OCR engine; by default tesseract.js, loaded only when a file has pages without text. */
  startEngine?: (onProgress: (share: number) => void) => Promise<OcrEngine>;
}

export interface PdfIntake {
  /** Each page's text, page 1 first; '' for a page left out. */
  pageTexts: string[];
  report: IntakeReport;
}

/** Lets the browser paint and handle input between pages, so a long PDF never freezes the page. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A page's text layer plus what sits on it outside the content stream: typed text boxes and filled fields. */
async function pageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  const annotations = (await page.getAnnotations({ intent: 'display' })) as PdfAnnotationInfo[];
  return [pageTextFromItems(content.items), annotationText(annotations)].filter(Boolean).join('\n');
}

/** A PDF's whole text as the Studio and the Editor both take it: its pages' texts joined with spaces (SPEC §5). */
export const intakeText = ({ pageTexts }: Pick<PdfIntake, 'pageTexts'>) =>
  pageTexts.filter(Boolean).join(' ');

const loadEngine = async (onProgress: (share: number) => void) =>
  (await import('./ocr-engine.js')).startOcrEngine(onProgress);

/**
 * OCR works on a picture of the page: about 2,500 pixels on the long side (some 200 pixels per inch on
 * A4) is sharp enough for body text and keeps one page's picture under 30 MB of memory.
 */
const OCR_LONG_SIDE = 2500;

async function renderForOcr(pdf: PDFDocumentProxy, pageNumber: number): Promise<HTMLCanvasElement> {
  const page = await pdf.getPage(pageNumber);
  try {
    const natural = page.getViewport({ scale: 1 });
    const scale = OCR_LONG_SIDE / Math.max(natural.width, natural.height, 1);
    const viewport = page.getViewport({ scale });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    // White behind the page: transparent pixels would read as black.
    await page.render({ canvas, viewport, background: 'white' }).promise;
    return canvas;
  } finally {
    page.cleanup();
  }
}

/**
 * Reads a PDF for the intake report: every page's text (its text layer, typed text boxes and filled fields),
 * then OCR of the pages that have none (at most `ocrLimit` per file), all in the normalised spelling that is
 * stored, shown, searched and sent (contracts/normalize-text.ts). Every page ends up either with text or in the
 * report's left-out list, with the reason. The Studio and the Editor both read PDFs with it, so they agree.
 */
export async function readPdfIntake(pdf: PDFDocumentProxy, options: IntakeOptions = {}): Promise<PdfIntake> {
  const { signal, ocrSignal, onProgress, ocrLimit = OCR_PAGE_LIMIT } = options;
  const total = pdf.numPages;
  const pageTexts: string[] = [];
  const readings: PageReading[] = [];
  for (let number = 1; number <= total; number += 1) {
    signal?.throwIfAborted();
    const page = await pdf.getPage(number);
    try {
      const text = normalizeText(await pageText(page));
      pageTexts.push(hasText(text) ? text : '');
      if (hasText(text)) readings.push({ page: number, source: 'text', characters: text.length });
    } finally {
      page.cleanup();
    }
    onProgress?.({ phase: 'text', done: number, total });
    await yieldToBrowser();
  }

  const without = pageTexts.flatMap((text, index) => (text ? [] : [index + 1]));
  const { toRead, overLimit } = planOcr(without, ocrLimit);
  for (const page of overLimit) readings.push({ page, source: 'left-out', reason: 'ocr-limit' });
  if (toRead.length > 0) {
    signal?.throwIfAborted();
    // Removing the file stops OCR as well as the cancel button does.
    const stop = signal && ocrSignal ? AbortSignal.any([signal, ocrSignal]) : (signal ?? ocrSignal);
    const ocr = await ocrPages(toRead, {
      render: (page) => renderForOcr(pdf, page),
      startEngine: options.startEngine ?? loadEngine,
      signal: stop,
      onProgress: ({ index, total: count, page, share }) =>
        onProgress?.({ phase: 'ocr', done: index, total: count, page, share }),
    });
    signal?.throwIfAborted();
    for (const [page, { text: read, confidence }] of ocr.read) {
      const text = normalizeText(read);
      if (hasText(text)) {
        pageTexts[page - 1] = text;
        readings.push({ page, source: 'ocr', characters: text.length, confidence });
      } else readings.push({ page, source: 'left-out', reason: 'no-words' });
    }
    for (const page of ocr.cancelled) readings.push({ page, source: 'left-out', reason: 'ocr-cancelled' });
    for (const page of ocr.failed) readings.push({ page, source: 'left-out', reason: 'ocr-failed' });
  }
  return { pageTexts, report: buildIntakeReport(readings) };
}
