import type { PDFDocumentLoadingTask } from 'pdfjs-dist';
import { pdfFailureMessage } from './failure.js';
import type { IntakeReport } from '../../../lib/pdf/intake-report.js';
import { loadPdf } from '../../../lib/pdf/load-pdf.js';
import { intakeText, readPdfIntake, type IntakeProgress } from '../../../lib/pdf/pdf-intake.js';
import { openWithPassword, type AskPassword } from '../../../lib/pdf/pdf-password.js';

export interface ExtractedPdf {
  text: string;
  pages: number;
  report: IntakeReport;
}

export interface ExtractOptions {
  /** The file's name, for the password question. */
  name?: string;
  onProgress?: (progress: IntakeProgress) => void;
  /** Stops everything (Clear File Context, leaving the Studio): rejects with the abort reason. */
  signal?: AbortSignal;
  /** The file's cancel button: stops OCR only, keeping what was read. */
  ocrSignal?: AbortSignal;
  /** Asks for a protected file's password; without it a protected file fails as before. */
  askPassword?: AskPassword;
}

/**
 * Extracts a PDF's text in the browser with the intake's reading (lib/pdf/pdf-intake.ts, as the Editor reads
 * it): each page's text (plus typed text boxes and filled form fields) normalised, pages with no text read with
 * OCR, pages joined with spaces into one string (SPEC §5), and the intake report saying what was read and what was left out. A protected file asks for its password.
 * Throws an Error whose message starts with 'Failed to extract text from PDF: ' (SPEC §8); every
 * document and loading task is destroyed, whatever happens.
 */
export async function extractPdfText(data: ArrayBuffer, options: ExtractOptions = {}): Promise<ExtractedPdf> {
  const { name = 'this PDF', onProgress, signal, ocrSignal, askPassword } = options;
  const bytes = new Uint8Array(data);
  const tasks: PDFDocumentLoadingTask[] = [];
  const stop = () => tasks.forEach((task) => void task.destroy());
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const open = (password: string | undefined) => {
      // Each attempt gets its own copy of the bytes.
      const task = loadPdf(bytes, { password });
      tasks.push(task);
      return task.promise;
    };
    const ask: AskPassword = askPassword ?? (async () => null);
    const { value: pdf } = await openWithPassword(name, open, ask);
    signal?.throwIfAborted();
    const intake = await readPdfIntake(pdf, { signal, ocrSignal, onProgress });
    return {
      text: intakeText(intake),
      pages: intake.report.pages,
      report: intake.report,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(pdfFailureMessage(error), { cause: error });
  } finally {
    signal?.removeEventListener('abort', stop);
    // Release every worker-side document, loaded or not (destroying a task destroys its document).
    await Promise.all(tasks.map((task) => task.destroy().catch(() => undefined)));
  }
}
