import * as pdfjsLib from 'pdfjs-dist';
import type * as ViewerComponents from 'pdfjs-dist/web/pdf_viewer.mjs';
import 'pdfjs-dist/web/pdf_viewer.css';
import { loadPdf } from '../../../lib/pdf/load-pdf.js';
// pdf.js's viewer components read the library from this global instead of importing it.
(globalThis as { pdfjsLib?: unknown }).pdfjsLib = pdfjsLib;

export type ViewerModule = typeof ViewerComponents;
export type PdfDocument = pdfjsLib.PDFDocumentProxy;
export const { AnnotationEditorType, AnnotationEditorParamsType } = pdfjsLib;

let viewerModule: Promise<ViewerModule> | null = null;

/** The viewer components, loaded once, after the global above is in place. */
export function loadViewerModule(): Promise<ViewerModule> {
  viewerModule ??= import('pdfjs-dist/web/pdf_viewer.mjs');
  return viewerModule;
}

let sharedWorker: pdfjsLib.PDFWorker | null = null;

/**
 * Opens a PDF from its bytes (with its password, for a protected one). All documents share one worker:
 * starting a worker per tab made opening ten PDFs take seconds each.
 */
export async function openPdf(bytes: Uint8Array, password?: string): Promise<PdfDocument> {
  sharedWorker ??= new pdfjsLib.PDFWorker();
  const task = loadPdf(bytes, { password, worker: sharedWorker });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw error;
  }
}

/** The clear message for a PDF that cannot be opened: password-protected, corrupt, or anything else. */
export function openFailureMessage(name: string, error: unknown): string {
  const kind = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (kind === 'PasswordDeclinedError' || kind === 'PasswordException') {
    return `“${name}” is password-protected and no password was given, so it was not opened.`;
  }
  if (kind === 'InvalidPDFException') {
    return `“${name}” is not a valid PDF: the file is corrupt or damaged, so it cannot be opened.`;
  }
  const reason = error instanceof Error && error.message ? error.message : String(error);
  return `“${name}” could not be opened: ${reason}`;
}
