import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useStore } from 'zustand';
import type { AskPassword } from '../../../lib/pdf/pdf-password.js';
import { useSession } from '../../../lib/session-store.js';
import { DocumentKeeper } from '../lib/document-keeper.js';
import { OpenDocuments } from '../lib/open-documents.js';
import { ViewerController } from '../pdf/viewer-controller.js';
import { usePdfOpener } from './use-pdf-opener.js';

/** A ref that reads a value owned elsewhere, for components that take refs. */
function readOnlyRef<T>(read: () => T): RefObject<T> {
  return {
    get current() {
      return read();
    },
  };
}

/**
 * The Editor's documents for the screen: one OpenDocuments per mounted Editor, started for the signed-in
 * user (leaving the Editor, or another account signing in, ends that visit), and its view as React state.
 * A protected PDF asks for its password (`askPassword`).
 */
export function useEditorDocuments(askPassword: AskPassword) {
  const userId = useSession((state) => state.user?._id ?? '');
  const { open, passwordFor, forget, forgetAll } = usePdfOpener(askPassword);
  const containerRef = useRef<HTMLDivElement>(null);
  const stampInputRef = useRef<HTMLInputElement>(null);
  const [documents] = useState(
    () =>
      new OpenDocuments({
        open,
        forgetPassword: forget,
        forgetAllPasswords: forgetAll,
        createViewer: (container, onStatus) => {
          const viewer = new ViewerController(container, onStatus);
          viewer.onStampRequest = () => stampInputRef.current?.click();
          return viewer;
        },
        createKeeper: (user, hooks) => new DocumentKeeper(user, hooks),
      }),
  );
  const view = useStore(documents.view);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !userId) return;
    return documents.begin(userId, container);
  }, [documents, userId]);

  const refs = useMemo(
    () => ({
      controllerRef: readOnlyRef(() => documents.viewer),
      keeperRef: readOnlyRef(() => documents.keeper),
      pdfRef: readOnlyRef(() => documents.view.getState().pdf),
    }),
    [documents],
  );

  return {
    containerRef,
    stampInputRef,
    ...refs,
    ...view,
    setNotice: documents.setNotice,
    setBusy: documents.setBusy,
    setClosing: documents.setClosing,
    openFiles: documents.openFiles,
    switchTo: documents.switchTo,
    closeFile: documents.closeFile,
    requestClose: documents.requestClose,
    markDownloaded: documents.markDownloaded,
    /** A file's bytes and password, for reading its text apart from the viewer. */
    bytesFor: documents.bytesFor,
    passwordFor,
  };
}

export type EditorDocuments = ReturnType<typeof useEditorDocuments>;
