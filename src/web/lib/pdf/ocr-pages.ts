import type { OcrEngine, OcrReading } from './ocr-engine.js';

/** Where the OCR of one file stands: `index` pages of `total` are done, `share` of the next one. */
export interface OcrProgress {
  index: number;
  total: number;
  page: number;
  share: number;
}

export interface OcrPagesOptions {
  /** Draws a page as a picture to read. */
  render: (page: number) => Promise<HTMLCanvasElement>;
  /** Starts the engine; the real one is loaded only when a file needs it. */
  startEngine: (onProgress: (share: number) => void) => Promise<OcrEngine>;
  /** Cancels: the engine's worker is stopped at once and the pages not read yet are listed. */
  signal?: AbortSignal;
  onProgress?: (progress: OcrProgress) => void;
}

export interface OcrPagesResult {
  /** What OCR found on each page it read, trimmed (possibly empty: a blank page), with its confidence. */
  read: Map<number, OcrReading>;
  /** Pages not read because OCR was cancelled. */
  cancelled: number[];
  /** Pages OCR could not read (the engine failed to start or to read them). */
  failed: number[];
}

/** Resolves when `signal` aborts, so a wait can be cut short; never rejects. */
function whenAborted(signal: AbortSignal | undefined): Promise<'aborted'> {
  return new Promise((resolve) => {
    if (!signal) return;
    if (signal.aborted) resolve('aborted');
    else signal.addEventListener('abort', () => resolve('aborted'), { once: true });
  });
}

/**
 * Reads `pages` with OCR, one after another, in one engine. Cancelling terminates the engine's worker
 * (a terminated tesseract.js worker never answers, so each wait races the cancel), and every page not
 * finished is reported as cancelled rather than dropped. A page that fails is reported and the rest are
 * still tried; the engine is always terminated at the end.
 */
export async function ocrPages(pages: readonly number[], options: OcrPagesOptions): Promise<OcrPagesResult> {
  const { render, startEngine, signal, onProgress } = options;
  const result: OcrPagesResult = { read: new Map(), cancelled: [], failed: [] };
  if (pages.length === 0) return result;
  const aborted = whenAborted(signal);
  let current = { index: 0, page: pages[0] ?? 0 };
  const report = (share: number) => onProgress?.({ ...current, total: pages.length, share });

  let engine: OcrEngine | null = null;
  const stop = () => void engine?.terminate();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    report(0);
    const started = startEngine(report);
    let first: OcrEngine | 'aborted';
    try {
      first = await Promise.race([started, aborted]);
    } catch (error) {
      console.warn('OCR could not start:', error);
      result.failed.push(...pages);
      return result;
    }
    if (first === 'aborted') {
      // The engine may still arrive after the cancel: stop it then.
      void started.then((late) => late.terminate()).catch(() => undefined);
      result.cancelled.push(...pages);
      return result;
    }
    engine = first;
    for (const [index, page] of pages.entries()) {
      current = { index, page };
      report(0);
      const reading = render(page).then((image) => engine?.recognize(image) ?? { text: '', confidence: 0 });
      const outcome = await Promise.race([reading, aborted]).catch((error: unknown) => ({ error }));
      if (outcome === 'aborted') {
        result.cancelled.push(...pages.slice(index));
        break;
      }
      if ('text' in outcome) result.read.set(page, { ...outcome, text: outcome.text.trim() });
      else {
        console.warn(`OCR of page ${page} failed:`, outcome.error);
        result.failed.push(page);
      }
    }
    if (result.cancelled.length === 0)
      onProgress?.({ index: pages.length, total: pages.length, page: 0, share: 0 });
    return result;
  } finally {
    signal?.removeEventListener('abort', stop);
    await engine?.terminate().catch(() => undefined);
  }
}
