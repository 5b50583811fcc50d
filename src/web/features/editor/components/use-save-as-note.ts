import { useState } from 'react';
import { ACTION_LIMITS } from '../../../../contracts/actions.js';
import { describeError } from '../../../lib/api-client.js';
import { useCreateAction } from '../../../lib/actions-api.js';
import { canvasNoteTitle } from '../lib/note-title.js';
import { numberedTitle, splitNote } from '../lib/note-parts.js';
import type { BusyAction, Notice } from './editor-types.js';

/** A text too long for one note, waiting for the user to split it or cancel. */
export interface LongNote {
  title: string;
  length: number;
  parts: string[];
}

interface SaveAsNoteOptions {
  userId: string;
  setBusy: (busy: BusyAction) => void;
  setNotice: (notice: Notice) => void;
}

/**
 * Save as note. A text over the note limit is never cut: the user is asked first and can save it as
 * several numbered notes ("Title (1 of 3)") or cancel.
 */
export function useSaveAsNote({ userId, setBusy, setNotice }: SaveAsNoteOptions) {
  const createAction = useCreateAction(userId);
  const [longNote, setLongNote] = useState<LongNote | null>(null);

  const saveParts = async (title: string, parts: readonly string[]) => {
    setBusy('note');
    let saved = 0;
    try {
      for (const memory of parts) {
        await createAction.mutateAsync({
          type: 'note',
          title: numberedTitle(title, saved + 1, parts.length),
          memory,
        });
        saved += 1;
      }
      setNotice({
        kind: 'success',
        text:
          parts.length === 1
            ? `Saved the note “${title}”.`
            : `Saved ${parts.length} notes, “${numberedTitle(title, 1, parts.length)}” to “${numberedTitle(title, parts.length, parts.length)}”.`,
      });
    } catch (error) {
      const done = saved > 0 ? ` ${saved} of ${parts.length} notes were saved; the rest were not.` : '';
      setNotice({ kind: 'error', text: `Could not save the note: ${describeError(error)}.${done}` });
    } finally {
      setBusy(null);
    }
  };

  /** Saves `text` as a note, or asks first when it is longer than one note holds. */
  const saveText = async (text: string) => {
    if (!text) {
      setNotice({ kind: 'error', text: 'There is no text to save: this PDF has no readable text.' });
      return;
    }
    const title = canvasNoteTitle(text);
    if (text.length <= ACTION_LIMITS.memoryMax) return saveParts(title, [text]);
    setLongNote({ title, length: text.length, parts: splitNote(text, ACTION_LIMITS.memoryMax) });
  };

  const confirmLongNote = () => {
    if (!longNote) return;
    setLongNote(null);
    void saveParts(longNote.title, longNote.parts);
  };

  const cancelLongNote = () => {
    setLongNote(null);
    setNotice({ kind: 'success', text: 'Nothing was saved.' });
  };

  return { longNote, saveText, confirmLongNote, cancelLongNote };
}
