import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { AnnotationTools } from './annotation-tools.js';
import { DocumentTabs } from './document-tabs.js';
import { EditorActions } from './editor-actions.js';
import { EditorNotice } from './editor-notice.js';
import layoutStyles from '../../../components/ui/layout.module.css';
import styles from './editor-page.module.css';
import type { SendToContext } from './editor-types.js';
import { useEditorDocuments } from './use-editor-documents.js';
import { ViewerStage } from './viewer-stage.js';
import { ViewerToolbar } from './viewer-toolbar.js';

/** The Editor: pdf.js's own viewer and annotation editor around one or more opened PDFs. */
export function EditorPage({ sendToContext }: { sendToContext: SendToContext }) {
  const id = useId();
  const editor = useEditorDocuments();
  const { files, status, busy } = editor;
  // One hidden file input serves both the header's button and the empty state's.
  const pdfInputRef = useRef<HTMLInputElement>(null);
  const choosePdfs = () => pdfInputRef.current?.click();

  const hasDocument = status.pages > 0;

  return (
    <div className={styles.page}>
      <title>Editor · Simplified</title>
      <header className={layoutStyles.pageHeader}>
        <div className={layoutStyles.intro}>
          <h1 className={styles.title}>Editor</h1>
          <p className={layoutStyles.subtitle}>
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
        <Button onClick={choosePdfs} busy={busy === 'open'}>
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
        onSwitch={editor.switchTo}
        onClose={editor.closeFile}
      />

      <ViewerToolbar controllerRef={editor.controllerRef} status={status} hidden={files.length === 0} />

      <div
        className={styles.toolbar}
        role="toolbar"
        aria-label="Annotation tools"
        hidden={files.length === 0}
      >
        <AnnotationTools
          controllerRef={editor.controllerRef}
          stampInputRef={editor.stampInputRef}
          activeTool={status.tool}
          hasDocument={hasDocument}
          setNotice={editor.setNotice}
        />
        <EditorActions editor={editor} hasDocument={hasDocument} sendToContext={sendToContext} />
      </div>

      <EditorNotice notice={editor.notice} />

      <ViewerStage
        containerRef={editor.containerRef}
        isEmpty={files.length === 0}
        onOpenFiles={editor.openFiles}
        onChooseFiles={choosePdfs}
      />
    </div>
  );
}
