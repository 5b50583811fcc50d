import { GlobalWorkerOptions, getDocument, type PDFDocumentLoadingTask, type PDFWorker } from 'pdfjs-dist';
// Vite copies the worker into the build and gives its URL: no CDN (DESIGN §2, §5).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { BundledBinaryDataFactory } from './pdf-binary-data.js';

GlobalWorkerOptions.workerSrc = workerUrl;

export interface LoadPdfOptions {
  /** A protected file's password. */
  password?: string;
  /** A worker to share with other documents; by default the document starts its own. */
  worker?: PDFWorker;
}

/**
 * Starts loading a PDF from its bytes, the one way the Studio, the Editor and OCR all open PDFs: pdf.js
 * gets its character maps, standard fonts and image decoders (JPEG 2000, JBIG2) from the app's own
 * assets, and never evaluates code from a PDF. The bytes are copied, since pdf.js hands its input to the
 * worker. The caller destroys the task when done (destroying it destroys its document).
 */
export function loadPdf(
  bytes: Uint8Array,
  { password, worker }: LoadPdfOptions = {},
): PDFDocumentLoadingTask {
  return getDocument({
    data: bytes.slice(),
    password,
    worker,
    BinaryDataFactory: BundledBinaryDataFactory,
    useWorkerFetch: false,
    isEvalSupported: false,
  });
}
