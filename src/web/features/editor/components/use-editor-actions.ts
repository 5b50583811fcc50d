import { describeError } from '../../../lib/api-client.js';
import { leftOutLines } from '../../../lib/pdf/intake-report.js';
import { intakeText, readPdfIntake } from '../../../lib/pdf/pdf-intake.js';
import { useSession } from '../../../lib/session-store.js';
import { useLongNote } from '../../../components/long-note/use-long-note.js';
import { canvasNoteTitle } from '../lib/note-title.js';
import type { SendToContext } from './editor-types.js';
import type { EditorDocuments } from './use-editor-documents.js';
import type { EditorIntake } from './use-editor-intake.js';

function annotatedName(name: string): string {
  return `${name.replace(/\.pdf$/i, '')}-annotated.pdf`;
}

/** The selected text, if the selection lies inside the viewer. */
function selectedTextIn(container: HTMLElement | null): string {
  const selection = window.getSelection();
  if (!container || !selection || selection.isCollapsed) return '';
  const node = selection.anchorNode;
  if (!node || !container.contains(node)) return '';
  return selection.toString().trim();
}

/** What the shown PDF can be turned into: an annotated download, Studio context, or a note. */
export function useEditorActions(
  editor: EditorDocuments,
  sendToContext: SendToContext,
  intake: EditorIntake,
) {
  const { containerRef, controllerRef, keeperRef, pdfRef, files, activeId, setBusy, setNotice } = editor;
  const userId = useSession((state) => state.user?._id ?? '');
  const note = useLongNote({
    userId,
    onBusy: (busy) => setBusy(busy ? 'note' : null),
    onDone: setNotice,
  });

  const download = async () => {
    const pdf = pdfRef.current;
    const file = files.find((item) => item.id === activeId);
    if (!pdf || !file) return;
    setBusy('download');
    try {
      controllerRef.current?.commitEditing();
      // The copy in this browser is brought up to date first, so it is not marked unsaved afterwards.
      await keeperRef.current?.flush(file.id, pdf, { always: true });
      const bytes = pdf.annotationStorage.size > 0 ? await pdf.saveDocument() : await pdf.getData();
      const url = URL.createObjectURL(
        new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = annotatedName(file.name);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      editor.markDownloaded(file.id);
    } catch (error) {
      setNotice({ kind: 'error', text: `Could not save the annotated PDF: ${describeError(error)}` });
    } finally {
      setBusy(null);
    }
  };

  /**
   * The selection inside the viewer, or else the whole document's text with what was left out of it, read as
   * the Studio reads a PDF (lib/pdf/pdf-intake.ts). The whole text is the intake's reading, OCR included: it is
   * waited for (its progress bar and Cancel button stay on screen); only if that reading failed is the shown
   * document read here instead.
   */
  const pickText = async (): Promise<{ text: string; whole: boolean; leftOut: string[] }> => {
    const selected = selectedTextIn(containerRef.current);
    if (selected) return { text: selected, whole: false, leftOut: [] };
    const pdf = pdfRef.current;
    const read =
      (activeId ? await intake.whenRead(activeId) : null) ?? (pdf ? await readPdfIntake(pdf) : null);
    if (!read) return { text: '', whole: true, leftOut: [] };
    return { text: intakeText(read).trim(), whole: true, leftOut: leftOutLines(read.report) };
  };

  const sendToStudio = async () => {
    setBusy('send');
    try {
      const { text, whole, leftOut } = await pickText();
      // Left-out pages are named in the notice, so the context never misses a page without saying so.
      const missing = leftOut.length > 0 ? ` ${leftOut.join(' ')}` : '';
      if (!text) {
        setNotice({
          kind: 'error',
          text: `There is no text to send: this PDF has no readable text.${missing}`,
        });
        return;
      }
      sendToContext(text);
      setNotice({
        kind: 'success',
        text: `${whole ? 'The whole text' : 'The selection'} (${text.length.toLocaleString('en-US')} characters) is in the Studio’s context.${missing}`,
        studioLink: true,
      });
    } catch (error) {
      setNotice({ kind: 'error', text: describeError(error) });
    } finally {
      setBusy(null);
    }
  };

  const saveAsNote = async () => {
    setBusy('note');
    try {
      const { text } = await pickText();
      setBusy(null);
      if (!text) {
        setNotice({ kind: 'error', text: 'There is no text to save: this PDF has no readable text.' });
        return;
      }
      const title = canvasNoteTitle(text);
      if (!note.askIfTooLong(text, title)) await note.saveNotes(title, [text]);
    } catch (error) {
      setNotice({ kind: 'error', text: `Could not save the note: ${describeError(error)}` });
      setBusy(null);
    }
  };

  return { userId, download, sendToStudio, saveAsNote, note };
}
