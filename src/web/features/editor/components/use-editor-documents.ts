import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../../lib/api-client.js';
import { openFailureMessage, openPdf, type PdfDocument } from '../pdf/pdfjs.js';
import { INITIAL_STATUS, ViewerController, type ViewerStatus } from '../pdf/viewer-controller.js';
import type { BusyAction, Notice, OpenedFile } from './editor-types.js';

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

/** The Editor's state: the pdf.js viewer, the opened PDFs, which one is shown, and the messages. */
export function useEditorDocuments() {
  const containerRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<ViewerController | null>(null);
  const pdfRef = useRef<PdfDocument | null>(null);
  const stampInputRef = useRef<HTMLInputElement>(null);
  // show() runs after awaits, so it reads the shown file's id from a ref rather than from a stale render.
  const activeIdRef = useRef<string | null>(null);

  const [files, setFiles] = useState<OpenedFile[]>([]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [status, setStatus] = useState<ViewerStatus>(INITIAL_STATUS);
  const [errors, setErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<BusyAction>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const controller = new ViewerController(container, setStatus);
    controller.onStampRequest = () => stampInputRef.current?.click();
    controllerRef.current = controller;
    void controller.init().catch((error: unknown) => setErrors([describeError(error)]));
    return () => {
      controller.dispose();
      controllerRef.current = null;
      void pdfRef.current?.destroy();
      pdfRef.current = null;
    };
  }, []);

  /** Shows a loaded document; the one shown before keeps its annotations in its bytes. */
  const show = useCallback(async (file: OpenedFile, pdf: PdfDocument) => {
    const controller = controllerRef.current;
    const previous = pdfRef.current;
    if (previous && previous !== pdf) {
      controller?.commitEditing();
      if (previous.annotationStorage.size > 0) {
        const bytes = await previous.saveDocument();
        setFiles((list) => list.map((item) => (item.id === activeIdRef.current ? { ...item, bytes } : item)));
      }
    }
    pdfRef.current = pdf;
    activeIdRef.current = file.id;
    setActiveId(file.id);
    controller?.setDocument(pdf);
    if (previous && previous !== pdf) void previous.destroy();
  }, []);

  const openFiles = useCallback(
    async (picked: File[]) => {
      if (picked.length === 0) return;
      setBusy('open');
      setNotice(null);
      const failures: string[] = [];
      let last: { file: OpenedFile; pdf: PdfDocument } | null = null;
      for (const file of picked) {
        if (!isPdf(file)) {
          failures.push(`“${file.name}” is not a PDF. Only PDF files can be opened.`);
          continue;
        }
        const bytes = new Uint8Array(await file.arrayBuffer());
        try {
          const pdf = await openPdf(bytes);
          const opened: OpenedFile = { id: crypto.randomUUID(), name: file.name, bytes };
          setFiles((list) => [...list, opened]);
          if (last) void last.pdf.destroy();
          last = { file: opened, pdf };
        } catch (error) {
          failures.push(openFailureMessage(file.name, error));
        }
      }
      setErrors(failures);
      if (last) await show(last.file, last.pdf);
      setBusy(null);
    },
    [show],
  );

  const switchTo = async (file: OpenedFile) => {
    if (file.id === activeId) return;
    setNotice(null);
    try {
      // show() keeps the current document's annotations in its bytes before switching.
      await show(file, await openPdf(file.bytes));
    } catch (error) {
      setErrors([openFailureMessage(file.name, error)]);
    }
  };

  const closeFile = (file: OpenedFile) => {
    setFiles((list) => list.filter((item) => item.id !== file.id));
    if (file.id === activeId) {
      controllerRef.current?.setDocument(null);
      void pdfRef.current?.destroy();
      pdfRef.current = null;
      activeIdRef.current = null;
      setActiveId(null);
      setStatus(INITIAL_STATUS);
    }
  };

  return {
    containerRef,
    controllerRef,
    pdfRef,
    stampInputRef,
    files,
    activeId,
    status,
    errors,
    notice,
    setNotice,
    busy,
    setBusy,
    openFiles,
    switchTo,
    closeFile,
  };
}

export type EditorDocuments = ReturnType<typeof useEditorDocuments>;
