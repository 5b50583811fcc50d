import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../../lib/api-client.js';
import { useSession } from '../../../lib/session-store.js';
import { DocumentKeeper, type KeepState } from '../lib/document-keeper.js';
import { deleteDocument, loadSnapshot, putDocument, saveActive, updateDocument } from '../lib/editor-db.js';
import { openRefusal } from '../lib/editor-limits.js';
import { isPdf, keepFailure, nextOpenedAt } from '../lib/opened-files.js';
import type { AskPassword } from '../../../lib/pdf/pdf-password.js';
import { openFailureMessage, type PdfDocument } from '../pdf/pdfjs.js';
import { ViewerController } from '../pdf/viewer-controller.js';
import { INITIAL_STATUS, type ViewerStatus } from '../pdf/viewer-status.js';
import type { BusyAction, Notice, OpenedFile } from './editor-types.js';
import { usePdfOpener } from './use-pdf-opener.js';

/**
 * The Editor's state: the pdf.js viewer, the open PDFs (kept in IndexedDB per user until closed), which
 * one is shown, and the messages. Changes of document run one after another through a queue, so a fast
 * second click never mixes two documents up. A protected PDF asks for its password (`askPassword`).
 */
export function useEditorDocuments(askPassword: AskPassword) {
  const userId = useSession((state) => state.user?._id ?? '');
  const { open: openDocument, passwordFor, forget: forgetPassword, forgetAll } = usePdfOpener(askPassword);
  const containerRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<ViewerController | null>(null);
  const keeperRef = useRef<DocumentKeeper | null>(null);
  const pdfRef = useRef<PdfDocument | null>(null);
  const stampInputRef = useRef<HTMLInputElement>(null);
  // Read after awaits, so kept in refs rather than read from a render that may be stale by then.
  const activeIdRef = useRef<string | null>(null);
  const listRef = useRef<OpenedFile[]>([]);
  const bytesRef = useRef(new Map<string, Uint8Array>());
  const queueRef = useRef<Promise<void>>(Promise.resolve());

  const [files, setFiles] = useState<OpenedFile[]>([]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [status, setStatus] = useState<ViewerStatus>(INITIAL_STATUS);
  const [errors, setErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<BusyAction>(null);
  const [keep, setKeep] = useState<KeepState>('kept');
  const [restoring, setRestoring] = useState(true);
  const [closing, setClosing] = useState<OpenedFile | null>(null);

  const commitList = useCallback((list: OpenedFile[]) => {
    listRef.current = list;
    setFiles(list);
  }, []);

  const enqueue = useCallback((work: () => Promise<void>) => {
    const next = queueRef.current
      .then(work)
      .catch((error: unknown) => setErrors((list) => [...list, describeError(error)]));
    queueRef.current = next;
    return next;
  }, []);

  /** Shows a document; the one shown before is saved, annotations and all, before it is let go. */
  const show = useCallback(async (id: string | null, next: PdfDocument | null) => {
    const controller = controllerRef.current;
    const keeper = keeperRef.current;
    const previous = pdfRef.current;
    const previousId = activeIdRef.current;
    if (previous && previousId && previous !== next) {
      controller?.commitEditing();
      await keeper?.flush(previousId, previous, { always: true });
    }
    pdfRef.current = next;
    activeIdRef.current = id;
    setActiveId(id);
    setPdf(next);
    if (id && next) keeper?.watch(id, next);
    controller?.setDocument(next);
    if (previous && previous !== next) void previous.destroy();
  }, []);

  const bytesFor = useCallback((id: string) => bytesRef.current.get(id), []);

  const rememberActive = useCallback(
    (id: string | null) => void saveActive(userId, id).catch(() => undefined),
    [userId],
  );

  // One viewer and one keeper per signed-in user; leaving the Editor saves the shown document first.
  useEffect(() => {
    const container = containerRef.current;
    if (!container || !userId) return;
    const controller = new ViewerController(container, setStatus);
    controller.onStampRequest = () => stampInputRef.current?.click();
    controller.onActivity = () => {
      const id = activeIdRef.current;
      const shown = pdfRef.current;
      if (id && shown) keeperRef.current?.nudge(id, shown);
    };
    const keeper = new DocumentKeeper(userId, {
      onState: setKeep,
      onUnsaved: (id) => commitList(listRef.current.map((f) => (f.id === id ? { ...f, unsaved: true } : f))),
      onBytes: (id, bytes) => bytesRef.current.set(id, bytes),
      onFailed: (id, error) => {
        const name = listRef.current.find((f) => f.id === id)?.name ?? 'this PDF';
        setErrors((list) => [...list, keepFailure(name, error)]);
      },
      stillSignedIn: () => useSession.getState().user?._id === userId,
    });
    controllerRef.current = controller;
    keeperRef.current = keeper;
    let live = true;
    setRestoring(true);
    void enqueue(async () => {
      await controller.init();
      const snapshot = await loadSnapshot(userId);
      if (!live) return;
      bytesRef.current = new Map(snapshot.documents.map((d) => [d.id, d.bytes]));
      commitList(snapshot.documents.map(({ id, name, unsaved }) => ({ id, name, unsaved })));
      const shown = snapshot.documents.find((d) => d.id === snapshot.activeId) ?? snapshot.documents.at(-1);
      if (!shown) return;
      try {
        await show(shown.id, await openDocument(shown.id, shown.name, shown.bytes));
      } catch (error) {
        setErrors([openFailureMessage(shown.name, error)]);
      }
    }).finally(() => {
      if (live) setRestoring(false);
    });
    return () => {
      live = false;
      const id = activeIdRef.current;
      const shown = pdfRef.current;
      controller.commitEditing();
      const last = id && shown ? keeper.flush(id, shown, { always: true }) : Promise.resolve();
      keeper.dispose();
      controller.dispose();
      controllerRef.current = null;
      keeperRef.current = null;
      pdfRef.current = null;
      activeIdRef.current = null;
      // Another account signing in from another tab keeps the Editor mounted: nothing of this one stays.
      commitList([]);
      forgetAll();
      setActiveId(null);
      setPdf(null);
      setStatus(INITIAL_STATUS);
      void last.finally(() => void shown?.destroy());
    };
  }, [userId, enqueue, show, commitList, openDocument, forgetAll]);

  const openFiles = useCallback(
    (picked: File[]) =>
      enqueue(async () => {
        if (picked.length === 0) return;
        setBusy('open');
        setNotice(null);
        const failures: string[] = [];
        let last: { id: string; pdf: PdfDocument } | null = null;
        try {
          for (const file of picked) {
            const refusal = isPdf(file)
              ? openRefusal(file, listRef.current.length)
              : `“${file.name}” is not a PDF. Only PDF files can be opened.`;
            if (refusal) {
              failures.push(refusal);
              continue;
            }
            const bytes = new Uint8Array(await file.arrayBuffer());
            const id = crypto.randomUUID();
            let opened: PdfDocument;
            try {
              opened = await openDocument(id, file.name, bytes);
            } catch (error) {
              failures.push(openFailureMessage(file.name, error));
              continue;
            }
            bytesRef.current.set(id, bytes);
            commitList([...listRef.current, { id, name: file.name, unsaved: false }]);
            const stored = { userId, id, name: file.name, bytes, unsaved: false, openedAt: nextOpenedAt() };
            await putDocument(stored).catch((error: unknown) => {
              failures.push(keepFailure(file.name, error));
              setKeep('failed');
            });
            if (last) void last.pdf.destroy();
            last = { id, pdf: opened };
          }
          setErrors(failures);
          if (last) {
            await show(last.id, last.pdf);
            rememberActive(last.id);
          }
        } finally {
          setBusy(null);
        }
      }),
    [enqueue, show, commitList, rememberActive, userId, openDocument],
  );

  const switchTo = (file: OpenedFile) =>
    enqueue(async () => {
      const bytes = bytesRef.current.get(file.id);
      if (file.id === activeIdRef.current || !bytes) return;
      setNotice(null);
      try {
        await show(file.id, await openDocument(file.id, file.name, bytes));
        rememberActive(file.id);
      } catch (error) {
        setErrors([openFailureMessage(file.name, error)]);
      }
    });

  /** Closes a tab for good; the next one (or the one before) is shown in its place. */
  const closeFile = (file: OpenedFile) =>
    enqueue(async () => {
      setClosing(null);
      keeperRef.current?.forget(file.id);
      forgetPassword(file.id);
      const index = listRef.current.findIndex((f) => f.id === file.id);
      const rest = listRef.current.filter((f) => f.id !== file.id);
      commitList(rest);
      bytesRef.current.delete(file.id);
      await deleteDocument(userId, file.id).catch(() => undefined);
      if (file.id !== activeIdRef.current) return;
      const neighbour = rest[index] ?? rest[index - 1] ?? null;
      const bytes = neighbour ? bytesRef.current.get(neighbour.id) : undefined;
      // The closed document is not saved on its way out: it was flushed of its timers above.
      activeIdRef.current = null;
      let next: PdfDocument | null = null;
      if (neighbour && bytes) {
        next = await openDocument(neighbour.id, neighbour.name, bytes).catch((error: unknown) => {
          setErrors([openFailureMessage(neighbour.name, error)]);
          return null;
        });
      }
      await show(next ? (neighbour?.id ?? null) : null, next);
      if (!next) setStatus(INITIAL_STATUS);
      rememberActive(neighbour?.id ?? null);
    });

  /**
   * Closing a tab with annotations that were never downloaded asks first. The shown document is saved
   * first, so an annotation made a moment ago counts.
   */
  const requestClose = (file: OpenedFile) =>
    enqueue(async () => {
      const shown = pdfRef.current;
      if (file.id === activeIdRef.current && shown) {
        controllerRef.current?.commitEditing();
        await keeperRef.current?.flush(file.id, shown, { always: true });
      }
      const current = listRef.current.find((f) => f.id === file.id);
      if (current?.unsaved) setClosing(current);
      // Queued behind this job, not awaited inside it.
      else if (current) void closeFile(current);
    });

  /** After a download the annotations are safe in the user's file: closing no longer asks. */
  const markDownloaded = (id: string) => {
    commitList(listRef.current.map((f) => (f.id === id ? { ...f, unsaved: false } : f)));
    void updateDocument(userId, id, { unsaved: false }).catch(() => undefined);
  };

  return {
    containerRef,
    controllerRef,
    keeperRef,
    pdfRef,
    stampInputRef,
    files,
    activeId,
    pdf,
    status,
    errors,
    notice,
    setNotice,
    busy,
    setBusy,
    keep,
    restoring,
    closing,
    setClosing,
    openFiles,
    switchTo,
    closeFile,
    requestClose,
    markDownloaded,
    /** A file's bytes and password, for reading its text apart from the viewer. */
    bytesFor,
    passwordFor,
  };
}

export type EditorDocuments = ReturnType<typeof useEditorDocuments>;
