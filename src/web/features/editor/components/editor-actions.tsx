import { LongNoteDialog } from '../../../components/long-note/long-note-dialog.js';
import { Button } from '../../../components/ui/button.js';
import type { SendToContext } from './editor-types.js';
import styles from './editor-page.module.css';
import { useEditorActions } from './use-editor-actions.js';
import type { EditorDocuments } from './use-editor-documents.js';
import type { EditorIntake } from './use-editor-intake.js';

interface EditorActionsProps {
  editor: EditorDocuments;
  hasDocument: boolean;
  sendToContext: SendToContext;
  intake: EditorIntake;
}

/** The buttons that take the shown PDF elsewhere: Download, Send to Studio, Save as note. */
export function EditorActions({ editor, hasDocument, sendToContext, intake }: EditorActionsProps) {
  const { userId, download, sendToStudio, saveAsNote, note } = useEditorActions(
    editor,
    sendToContext,
    intake,
  );
  const { busy } = editor;

  return (
    <div className={styles.group}>
      <Button
        className={styles.action}
        variant="secondary"
        disabled={!hasDocument}
        busy={busy === 'download'}
        onClick={() => void download()}
      >
        Download
      </Button>
      <Button
        className={styles.action}
        variant="secondary"
        disabled={!hasDocument}
        busy={busy === 'send'}
        // Keeps the text selection when the button is pressed.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => void sendToStudio()}
      >
        Send to Studio
      </Button>
      <Button
        className={styles.action}
        variant="secondary"
        disabled={!hasDocument || !userId}
        busy={busy === 'note'}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => void saveAsNote()}
      >
        Save as note
      </Button>
      <LongNoteDialog flow={note} />
    </div>
  );
}
