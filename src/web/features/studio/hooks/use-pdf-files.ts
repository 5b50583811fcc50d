import { useCallback, useEffect, useRef, useState } from 'react';
import { noTextReason } from '../../../lib/pdf/intake-report.js';
import type { IntakeProgress } from '../../../lib/pdf/pdf-intake.js';
import type { AskPassword } from '../../../lib/pdf/pdf-password.js';
import { pdfFailureMessage } from '../pdf/failure.js';
import { useStudio } from '../state/studio-store.js';

/** A file being read, for its progress bar: null until its first page is read. */
export interface PdfJob {
  id: string;
  name: string;
  progress: IntakeProgress | null;
}

export interface PdfFailure {
  name: string;
  message: string;
}

let nextId = 0;
const newId = () => `pdf-${Date.now().toString(36)}-${(nextId += 1)}`;

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

/**
 * Reads picked PDFs one after another (two cores go further one file at a time), showing each one's
 * progress: its text layer, then OCR of its pages with no text, which the file's cancel button stops.
 * A protected file asks for its password (`askPassword`). A file that fails or gives no text is reported
 * with its reason and skipped; the others are kept (SPEC §5). pdf.js is loaded the first time a PDF is
 * picked, and the OCR engine the first time a page needs it, never with the page.
 */
export function usePdfFiles(askPassword: AskPassword) {
  const [jobs, setJobs] = useState<PdfJob[]>([]);
  const [failures, setFailures] = useState<PdfFailure[]>([]);
  const controllers = useRef(new Set<AbortController>());
  // Each file's own OCR cancel, by job id.
  const ocrCancels = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const addFiles = useCallback(
    async (picked: readonly File[]) => {
      if (picked.length === 0) return;
      setFailures([]);
      const queued = picked.map((file) => ({ file, job: { id: newId(), name: file.name, progress: null } }));
      setJobs((current) => [...current, ...queued.map((entry) => entry.job)]);
      const controller = new AbortController();
      controllers.current.add(controller);
      const update = (id: string, change: Partial<PdfJob>) =>
        setJobs((current) => current.map((job) => (job.id === id ? { ...job, ...change } : job)));
      const fail = (name: string, error: unknown) => {
        // SPEC §5: a failed extraction is logged and skipped; we also show it (DESIGN §5).
        console.warn(`PDF ${name}:`, error);
        setFailures((current) => [...current, { name, message: pdfFailureMessage(error) }]);
      };
      try {
        for (const { file, job } of queued) {
          if (controller.signal.aborted) break;
          const ocrCancel = new AbortController();
          ocrCancels.current.set(job.id, ocrCancel);
          try {
            if (!isPdf(file)) throw new Error(`${file.name} is not a PDF file`);
            const { extractPdfText } = await import('../pdf/extract-pdf-text.js');
            const result = await extractPdfText(await file.arrayBuffer(), {
              name: file.name,
              signal: controller.signal,
              ocrSignal: ocrCancel.signal,
              askPassword,
              onProgress: (progress) => update(job.id, { progress }),
            });
            // The report says why: no page had text, and which were left out of OCR and why.
            if (!result.text.trim()) throw new Error(noTextReason(result.report));
            useStudio.getState().addFile({
              id: job.id,
              name: file.name,
              text: result.text,
              pages: result.pages,
              report: result.report,
            });
          } catch (error) {
            if (!controller.signal.aborted) fail(file.name, error);
          } finally {
            ocrCancels.current.delete(job.id);
            setJobs((current) => current.filter((entry) => entry.id !== job.id));
          }
        }
      } finally {
        controllers.current.delete(controller);
      }
    },
    [askPassword],
  );

  /** Stops one file's OCR: the pages read so far are kept, and its report lists the others. */
  const cancelOcr = useCallback((id: string) => ocrCancels.current.get(id)?.abort(), []);

  /** Stops any reading in progress and forgets failures (Clear File Context). */
  const cancel = useCallback(() => {
    controllers.current.forEach((controller) => controller.abort());
    setJobs([]);
    setFailures([]);
  }, []);

  return { jobs, failures, addFiles, cancel, cancelOcr };
}
