import { useCallback, useEffect, useRef, useState } from 'react';
import { readPdfIntake, type IntakeProgress, type PdfIntake } from '../../../lib/pdf/pdf-intake.js';
import { openPdf } from '../pdf/pdfjs.js';
import type { OpenedFile } from './editor-types.js';

/** One file's reading: its progress until it is read, then its text and report (or why it failed). */
export interface IntakeEntry {
  name: string;
  progress: IntakeProgress | null;
  result: PdfIntake | null;
  error: string | null;
}

interface Job {
  stop: AbortController;
  ocr: AbortController;
  done: Promise<PdfIntake | null>;
}

/** What the intake needs of the Editor: the open files, the shown one, and its bytes and password. */
export interface IntakeSource {
  files: OpenedFile[];
  activeId: string | null;
  shown: boolean;
  bytesFor: (id: string) => Uint8Array | undefined;
  passwordFor: (id: string) => string | undefined;
}

/**
 * The Editor's intake reports: each file is read (text layer, then OCR of pages without one) the first
 * time it is shown, one file at a time, from its own copy of the document so the viewer is never held
 * up. A closed file's reading stops; its OCR can be cancelled on its own.
 */
export function useEditorIntake({ files, activeId, shown, bytesFor, passwordFor }: IntakeSource) {
  const [entries, setEntries] = useState<Record<string, IntakeEntry>>({});
  const jobs = useRef(new Map<string, Job>());
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const update = useCallback((id: string, change: Partial<IntakeEntry>) => {
    setEntries((current) => {
      const entry = current[id];
      return entry && jobs.current.has(id) ? { ...current, [id]: { ...entry, ...change } } : current;
    });
  }, []);

  const read = useCallback(
    (id: string, name: string, bytes: Uint8Array, password: string | undefined) => {
      if (jobs.current.has(id)) return;
      const stop = new AbortController();
      const ocr = new AbortController();
      setEntries((current) => ({ ...current, [id]: { name, progress: null, result: null, error: null } }));
      const done = queue.current.then(async () => {
        stop.signal.throwIfAborted();
        const pdf = await openPdf(bytes, password);
        try {
          const result = await readPdfIntake(pdf, {
            signal: stop.signal,
            ocrSignal: ocr.signal,
            onProgress: (progress) => update(id, { progress }),
          });
          update(id, { result, progress: null });
          return result;
        } finally {
          await pdf.destroy().catch(() => undefined);
        }
      });
      const settled = done.catch((error: unknown) => {
        if (!stop.signal.aborted) {
          console.warn(`PDF intake of ${name}:`, error);
          update(id, { error: error instanceof Error ? error.message : String(error), progress: null });
        }
        return null;
      });
      queue.current = settled;
      jobs.current.set(id, { stop, ocr, done: settled });
    },
    [update],
  );

  // The shown file is read the first time it is shown (with the password it was opened with).
  useEffect(() => {
    const file = files.find((f) => f.id === activeId);
    const bytes = file ? bytesFor(file.id) : undefined;
    if (file && bytes && shown) read(file.id, file.name, bytes, passwordFor(file.id));
  }, [files, activeId, shown, bytesFor, passwordFor, read]);

  // A closed file (or every file, when another person signs in) stops being read and is forgotten.
  useEffect(() => {
    const open = new Set(files.map((f) => f.id));
    const closed = [...jobs.current.keys()].filter((id) => !open.has(id));
    if (closed.length === 0) return;
    for (const id of closed) {
      jobs.current.get(id)?.stop.abort();
      jobs.current.delete(id);
    }
    setEntries((current) => Object.fromEntries(Object.entries(current).filter(([id]) => open.has(id))));
  }, [files]);

  useEffect(() => {
    const running = jobs.current;
    return () => running.forEach((job) => job.stop.abort());
  }, []);

  /** Stops one file's OCR: what was read is kept, and its report lists the pages left out. */
  const cancelOcr = useCallback((id: string) => jobs.current.get(id)?.ocr.abort(), []);

  /** The file's reading once it is done (null if it failed or was never started). */
  const whenRead = useCallback(
    (id: string): Promise<PdfIntake | null> => jobs.current.get(id)?.done ?? Promise.resolve(null),
    [],
  );

  return { entries, cancelOcr, whenRead };
}

export type EditorIntake = ReturnType<typeof useEditorIntake>;
