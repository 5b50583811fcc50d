import { useCallback, useId, useRef, useState } from 'react';
import { PasswordDialog } from '../../../components/pdf-intake/password-dialog.js';
import { usePasswordPrompt } from '../../../components/pdf-intake/use-password-prompt.js';
import { Button } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { AnnotationTools } from './annotation-tools.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { DocumentTabs } from './document-tabs.js';
import { EditorActions } from './editor-actions.js';
import { EditorIntakePanel } from './editor-intake.js';
import { EditorNotice } from './editor-notice.js';
import { FindBar } from './find-bar.js';
import layoutStyles from '../../../components/ui/layout.module.css';
import styles from './editor-page.module.css';
import type { EditorPanels, SendToContext } from './editor-types.js';
import { ThumbnailSidebar } from './thumbnail-sidebar.js';
import { useEditorDocuments } from './use-editor-documents.js';
import { useEditorIntake } from './use-editor-intake.js';
import { useEditorShortcuts } from './use-editor-shortcuts.js';
import { ViewerStage } from './viewer-stage.js';
import { ViewerToolbar } from './viewer-toolbar.js';
import { PageTitle } from '../../../components/ui/page-title.js';

/** Where the thumbnails lie over the page instead of beside it (the phone layout of viewer-panels.module.css). */
const THUMBNAILS_OVER_PAGE = '(max-width: 499px)';

/** The Editor: pdf.js's own viewer and annotation editor around one or more opened PDFs. */
export function EditorPage({ sendToContext }: { sendToContext: SendToContext }) {
  const id = useId();
  const password = usePasswordPrompt();
  const editor = useEditorDocuments(password.ask);
  const { files, status, busy, controllerRef, closing } = editor;
  const intake = useEditorIntake({
    files,
    activeId: editor.activeId,
    shown: editor.pdf !== null,
    bytesFor: editor.bytesFor,
    passwordFor: editor.passwordFor,
  });
  // One hidden file input serves both the header's button and the empty state's.
  const pdfInputRef = useRef<HTMLInputElement>(null);
  const choosePdfs = () => pdfInputRef.current?.click();
  const [panels, setPanels] = useState<EditorPanels>({ find: false, thumbnails: false, tools: false });
  const findInputRef = useRef<HTMLInputElement>(null);
  const findButtonRef = useRef<HTMLButtonElement>(null);
  const openFind = useCallback(() => {
    setPanels((open) => ({ ...open, find: true }));
    // Already open: Ctrl+F goes back to its field, as in a browser.
    findInputRef.current?.select();
  }, []);
  const closeFind = () => {
    setPanels((open) => ({ ...open, find: false }));
    findButtonRef.current?.focus();
  };
  const togglePanel = (panel: keyof EditorPanels) => {
    if (panel === 'find') {
      if (panels.find) closeFind();
      else openFind();
    } else setPanels((open) => ({ ...open, [panel]: !open[panel] }));
  };

  const hasDocument = status.pages > 0;
  useEditorShortcuts(controllerRef, status.pages, openFind);

  return (
    <div className={styles.page}>
      <PageTitle>Editor · Simplified</PageTitle>
      <header className={`${layoutStyles.pageHeader} ${styles.header}`}>
        <div className={layoutStyles.intro}>
          <h1 className={styles.title}>Editor</h1>
          <p className={`${layoutStyles.subtitle} ${styles.subtitle}`}>
            Read, search and annotate PDFs, then download them or use their text.
          </p>
        </div>
        <input
          ref={pdfInputRef}
          id={`${id}-open`}
          type="file"
          accept="application/pdf,.pdf"
          multiple
          className="visually-hidden"
          aria-label="Open PDF files"
          onChange={(event) => {
            void editor.openFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <Button className={styles.action} onClick={choosePdfs} busy={busy === 'open'}>
          Open PDFs
        </Button>
      </header>

      {editor.errors.map((error) => (
        <InlineMessage key={error} kind="error">
          {error}
        </InlineMessage>
      ))}

      <DocumentTabs
        files={files}
        activeId={editor.activeId}
        keep={editor.keep}
        onSwitch={editor.switchTo}
        onClose={(file) => void editor.requestClose(file)}
      />

      <ViewerToolbar
        controllerRef={controllerRef}
        status={status}
        hidden={files.length === 0}
        findButtonRef={findButtonRef}
        panels={{ ...panels, find: panels.find && hasDocument }}
        onToggle={togglePanel}
        toolsId={`${id}-tools`}
      />

      <div
        id={`${id}-tools`}
        className={styles.toolbar}
        role="toolbar"
        aria-label="Annotation tools"
        hidden={files.length === 0}
        data-folded={!panels.tools || undefined}
      >
        <AnnotationTools
          controllerRef={controllerRef}
          stampInputRef={editor.stampInputRef}
          activeTool={status.tool}
          hasDocument={hasDocument}
          setNotice={editor.setNotice}
        />
        <EditorActions
          editor={editor}
          hasDocument={hasDocument}
          sendToContext={sendToContext}
          intake={intake}
        />
      </div>

      <EditorIntakePanel intake={intake} activeId={editor.activeId} />

      <EditorNotice notice={editor.notice} />

      <ViewerStage
        containerRef={editor.containerRef}
        isEmpty={files.length === 0}
        restoring={editor.restoring}
        onOpenFiles={editor.openFiles}
        onChooseFiles={choosePdfs}
        sidebar={
          panels.thumbnails && editor.pdf && hasDocument ? (
            <ThumbnailSidebar
              pdf={editor.pdf}
              pages={status.pages}
              current={status.page}
              onGo={(page) => {
                controllerRef.current?.goToPage(page);
                // On a phone the thumbnails cover the page: once one is chosen they make way for it.
                if (window.matchMedia(THUMBNAILS_OVER_PAGE).matches) {
                  setPanels((open) => ({ ...open, thumbnails: false }));
                  editor.containerRef.current?.focus();
                }
              }}
            />
          ) : null
        }
        findBar={
          panels.find && hasDocument ? (
            <FindBar
              controllerRef={controllerRef}
              inputRef={findInputRef}
              status={status}
              onClose={closeFind}
            />
          ) : null
        }
      />

      <ConfirmDialog
        open={closing !== null}
        title={`Close “${closing?.name ?? ''}”?`}
        cancelLabel="Keep it open"
        confirmLabel="Close and discard"
        onCancel={() => editor.setClosing(null)}
        onConfirm={() => closing && void editor.closeFile(closing)}
      >
        Its annotations have not been downloaded. Closing it removes them from this browser.
      </ConfirmDialog>
      <PasswordDialog {...password.dialog} />
    </div>
  );
}
