import type { PDFDocumentProxy } from 'pdfjs-dist';
import { describe, expect, it, vi } from 'vitest';
import type { OcrEngine, OcrReading } from './ocr-engine.js';
import { intakeText, readPdfIntake, type IntakeProgress } from './pdf-intake.js';
import type { PdfAnnotationInfo } from './text-items.js';

/**
 * A stand-in for a pdf.js document: page N's text layer is `layers[N - 1]`, its annotations
 * `annotations[N - 1]`, and drawing a page marks the canvas with its number, so the fake OCR engine below knows
 * which page it is reading.
 */
function fakePdf(layers: string[], annotations: PdfAnnotationInfo[][] = []): PDFDocumentProxy {
  const page = (pageNumber: number) => ({
    getAnnotations: async () => annotations[pageNumber - 1] ?? [],
    getTextContent: async () => ({
      items: [
        {
          str: layers[pageNumber - 1] ?? '',
          hasEOL: false,
          transform: [1, 0, 0, 1, 0, 0],
          width: 1,
          height: 1,
        },
      ],
    }),
    getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
    render: ({ canvas }: { canvas: HTMLCanvasElement }) => {
      canvas.dataset.page = String(pageNumber);
      return { promise: Promise.resolve() };
    },
    cleanup: () => undefined,
  });
  const pdf = { numPages: layers.length, getPage: async (n: number) => page(n) };
  return pdf as unknown as PDFDocumentProxy;
}

/**
 * Reads "scanned words N" on page N, sure of it but for the pages in `unsure`; nothing on the pages in
 * `blank`, and stalls on those in `stall`.
 */
function ocrEngine({ blank = [] as number[], stall = [] as number[], unsure = [] as number[] } = {}) {
  const terminate = vi.fn(async () => undefined);
  const engine: OcrEngine = {
    recognize: async (image) => {
      const page = Number(image.dataset.page);
      if (stall.includes(page)) return new Promise<OcrReading>(() => undefined);
      const confidence = unsure.includes(page) ? 37.2 : 92;
      return { text: blank.includes(page) ? ' \n' : `scanned words ${page}`, confidence };
    },
    terminate,
  };
  return { startEngine: vi.fn(async () => engine), terminate };
}

describe('readPdfIntake', () => {
  it('keeps the text layer and does not start OCR when every page has text', async () => {
    const { startEngine } = ocrEngine();
    const intake = await readPdfIntake(fakePdf(['first page', 'second page']), { startEngine });
    expect(intake.pageTexts).toEqual(['first page', 'second page']);
    expect(intake.report).toMatchObject({ pages: 2, characters: 21, pagesWithoutText: [], leftOut: [] });
    expect(startEngine).not.toHaveBeenCalled();
  });

  it('reads typed text boxes and filled form fields with the page, so the Studio and the Editor count alike', async () => {
    const { startEngine } = ocrEngine();
    const intake = await readPdfIntake(
      fakePdf(
        ['Form 1040', 'second page'],
        [
          [{ subtype: 'FreeText', contentsObj: { str: 'typed box' } }],
          [{ subtype: 'Widget', fieldType: 'Tx', fieldValue: 'Ada' }],
        ],
      ),
      { startEngine },
    );
    expect(intake.pageTexts).toEqual(['Form 1040\ntyped box', 'second page\nAda']);
    expect(intake.report.characters).toBe(19 + 15);
    expect(intakeText(intake)).toBe('Form 1040\ntyped box second page\nAda');
  });

  it('normalises what it reads, text layer and OCR alike: presentation forms become the letters people type', async () => {
    const shaped = '\uFE8D\uFEDF\uFECC\uFEAE\uFE91\uFEF4\uFE94';
    const engine: OcrEngine = {
      recognize: async () => ({ text: `ﬁnal ${shaped}`, confidence: 90 }),
      terminate: async () => undefined,
    };
    const intake = await readPdfIntake(fakePdf([`اللغة ${shaped}`, '']), { startEngine: async () => engine });
    expect(intake.pageTexts).toEqual(['اللغة العربية', 'final العربية']);
    expect(intake.report.characters).toBe(13 + 13);
    expect(intakeText(intake)).toBe('اللغة العربية final العربية');
  });

  it('reads the pages with no text layer with OCR, and reports text then OCR progress', async () => {
    const { startEngine } = ocrEngine();
    const progress: IntakeProgress[] = [];
    const intake = await readPdfIntake(fakePdf(['typed text', '', '   ']), {
      startEngine,
      onProgress: (p) => progress.push(p),
    });
    expect(intake.pageTexts).toEqual(['typed text', 'scanned words 2', 'scanned words 3']);
    expect(intake.report).toMatchObject({
      pages: 3,
      characters: 10 + 15 + 15,
      pagesWithoutText: [2, 3],
      ocrPages: [2, 3],
      leftOut: [],
    });
    expect(progress.filter((p) => p.phase === 'text').map((p) => p.done)).toEqual([1, 2, 3]);
    expect(progress.filter((p) => p.phase === 'ocr').at(-1)).toMatchObject({ done: 2, total: 2 });
  });

  it('keeps the text of a page OCR is unsure of, and reports the page with its confidence', async () => {
    const { startEngine } = ocrEngine({ unsure: [2] });
    const intake = await readPdfIntake(fakePdf(['', '', 'text']), { startEngine });
    expect(intake.pageTexts).toEqual(['scanned words 1', 'scanned words 2', 'text']);
    expect(intake.report).toMatchObject({ ocrPages: [1, 2], lowConfidence: [{ page: 2, confidence: 37 }] });
  });

  it('lists pages over the OCR limit and blank pages as left out, with their reasons', async () => {
    const { startEngine } = ocrEngine({ blank: [1] });
    const intake = await readPdfIntake(fakePdf(['', '', '', 'text']), { startEngine, ocrLimit: 2 });
    expect(intake.pageTexts).toEqual(['', 'scanned words 2', '', 'text']);
    expect(intake.report.leftOut).toEqual([
      { reason: 'ocr-limit', pages: [3] },
      { reason: 'no-words', pages: [1] },
    ]);
  });

  it('keeps what OCR read when cancelled, and lists the rest as cancelled', async () => {
    const { startEngine, terminate } = ocrEngine({ stall: [2] });
    const cancel = new AbortController();
    const intake = await readPdfIntake(fakePdf(['', '', 'text']), {
      startEngine,
      ocrSignal: cancel.signal,
      onProgress: (p) => {
        if (p.phase === 'ocr' && p.page === 2) setTimeout(() => cancel.abort(), 0);
      },
    });
    expect(intake.pageTexts).toEqual(['scanned words 1', '', 'text']);
    expect(intake.report).toMatchObject({
      ocrPages: [1],
      leftOut: [{ reason: 'ocr-cancelled', pages: [2] }],
    });
    expect(terminate).toHaveBeenCalled();
  });

  it('stops altogether when the file is removed', async () => {
    const { startEngine } = ocrEngine({ stall: [1] });
    const removed = new AbortController();
    const reading = readPdfIntake(fakePdf(['']), {
      startEngine,
      signal: removed.signal,
      onProgress: (p) => {
        if (p.phase === 'ocr') setTimeout(() => removed.abort(new Error('removed')), 0);
      },
    });
    await expect(reading).rejects.toThrow('removed');
  });
});
