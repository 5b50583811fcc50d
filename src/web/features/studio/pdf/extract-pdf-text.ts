import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
// Vite copies the worker into the build and gives its URL: no CDN (DESIGN §2, §5).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { pdfFailureMessage } from './failure.js';
import { BundledBinaryDataFactory } from '../../../lib/pdf/pdf-binary-data.js';
import { annotationText, pageTextFromItems, type PdfAnnotationInfo } from '../../../lib/pdf/text-items.js';

GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfProgress {
  page: number;
  pages: number;
}

export interface ExtractedPdf {
  text: string;
  pages: number;
}

/** Lets the browser paint and handle input between pages, so a long PDF never freezes the page. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Extracts a PDF's text in the browser: each page's text (plus typed text boxes and filled form
 * fields), pages joined with spaces into one string (SPEC §5). Reports progress after every page.
 * Throws an Error whose message starts with 'Failed to extract text from PDF: ' (SPEC §8); the
 * document and its loading task are always destroyed, whatever happens.
 */
export async function extractPdfText(
  data: ArrayBuffer,
  { onProgress, signal }: { onProgress?: (progress: PdfProgress) => void; signal?: AbortSignal } = {},
): Promise<ExtractedPdf> {
  const loadingTask = getDocument({
    data: new Uint8Array(data),
    BinaryDataFactory: BundledBinaryDataFactory,
    useWorkerFetch: false,
    isEvalSupported: false,
  });
  const stop = () => void loadingTask.destroy();
  signal?.addEventListener('abort', stop, { once: true });
  let pdf: Awaited<typeof loadingTask.promise> | null = null;
  try {
    pdf = await loadingTask.promise;
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      signal?.throwIfAborted();
      const page = await pdf.getPage(number);
      try {
        const content = await page.getTextContent();
        const annotations = (await page.getAnnotations({ intent: 'display' })) as PdfAnnotationInfo[];
        pages.push(
          [pageTextFromItems(content.items), annotationText(annotations)].filter(Boolean).join('\n'),
        );
      } finally {
        page.cleanup();
      }
      onProgress?.({ page: number, pages: pdf.numPages });
      await yieldToBrowser();
    }
    return { text: pages.filter(Boolean).join(' '), pages: pdf.numPages };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(pdfFailureMessage(error), { cause: error });
  } finally {
    signal?.removeEventListener('abort', stop);
    // Release the worker-side document whether it loaded or not.
    if (pdf) await pdf.destroy().catch(() => undefined);
    await loadingTask.destroy().catch(() => undefined);
  }
}
