import { useCallback, useEffect, useRef, useState } from 'react';
import { pdfFailureMessage } from '../pdf/failure.js';
import { useStudio } from '../state/studio-store.js';

/** A file being read, for the per-page progress. */
export interface PdfJob {
  id: string;
  name: string;
  page: number;
  pages: number;
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
 * page progress. A file that fails is reported with its reason and skipped; the others are kept
 * (SPEC §5). pdf.js is loaded the first time a PDF is picked, not with the page.
 */
export function usePdfFiles() {
  const [jobs, setJobs] = useState<PdfJob[]>([]);
  const [failures, setFailures] = useState<PdfFailure[]>([]);
  const controllers = useRef(new Set<AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const addFiles = useCallback(async (picked: readonly File[]) => {
    if (picked.length === 0) return;
    setFailures([]);
    const queued = picked.map((file) => ({ file, job: { id: newId(), name: file.name, page: 0, pages: 0 } }));
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
        try {
          if (!isPdf(file)) throw new Error(`${file.name} is not a PDF file`);
          const { extractPdfText } = await import('../pdf/extract-pdf-text.js');
          const result = await extractPdfText(await file.arrayBuffer(), {
            signal: controller.signal,
            onProgress: ({ page, pages }) => update(job.id, { page, pages }),
          });
          if (!result.text.trim()) {
            throw new Error('the file has no text to extract (it may be scanned images)');
          }
          useStudio
            .getState()
            .addFile({ id: job.id, name: file.name, text: result.text, pages: result.pages });
        } catch (error) {
          if (!controller.signal.aborted) fail(file.name, error);
        } finally {
          setJobs((current) => current.filter((entry) => entry.id !== job.id));
        }
      }
    } finally {
      controllers.current.delete(controller);
    }
  }, []);

  /** Stops any reading in progress and forgets failures (Clear File Context). */
  const cancel = useCallback(() => {
    controllers.current.forEach((controller) => controller.abort());
    setJobs([]);
    setFailures([]);
  }, []);

  return { jobs, failures, addFiles, cancel };
}
