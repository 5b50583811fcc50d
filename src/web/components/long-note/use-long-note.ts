import { useState } from 'react';
import { ACTION_LIMITS } from '../../../contracts/actions.js';
import { describeError } from '../../lib/api-client.js';
import { useCreateAction } from '../../lib/actions-api.js';
import { numberedTitle, splitNote } from '../../lib/note-parts.js';

/** A text too long for one note, waiting for the user to split it or cancel. */
export interface LongNote {
  title: string;
  length: number;
  parts: string[];
  /** The title of the saved item the text was meant to update; splitting leaves that item as it was. */
  unchanged: string | null;
}

/** How saving ended, for the caller to show in its own notice. */
export interface NoteOutcome {
  kind: 'error' | 'success';
  text: string;
}

interface LongNoteOptions {
  userId: string;
  /** True while notes are being saved, false when done. */
  onBusy: (busy: boolean) => void;
  onDone: (outcome: NoteOutcome) => void;
}

/**
 * Saving text as notes, shared by the Editor and the Studio. A text over the note limit is never cut
 * and never sent to be refused: the user is asked first (`LongNoteDialog`) and can save it as several
 * numbered notes ("Title (1 of 3)") or cancel.
 */
export function useLongNote({ userId, onBusy, onDone }: LongNoteOptions) {
  const createAction = useCreateAction(userId);
  const [longNote, setLongNote] = useState<LongNote | null>(null);

  /** Saves the parts in order as numbered notes (one part keeps the title as it is). */
  const saveNotes = async (title: string, parts: readonly string[], unchanged: string | null = null) => {
    onBusy(true);
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
      const kept = unchanged ? ` “${unchanged}” is unchanged.` : '';
      onDone({
        kind: 'success',
        text:
          parts.length === 1
            ? `Saved the note “${title}”.`
            : `Saved ${parts.length} notes, “${numberedTitle(title, 1, parts.length)}” to “${numberedTitle(title, parts.length, parts.length)}”.${kept}`,
      });
    } catch (error) {
      const done = saved > 0 ? ` ${saved} of ${parts.length} notes were saved; the rest were not.` : '';
      onDone({ kind: 'error', text: `Could not save the note: ${describeError(error)}.${done}` });
    } finally {
      onBusy(false);
    }
  };

  /**
   * Opens the question when `text` is longer than one note holds, and says so (true); false when it
   * fits and the caller saves it as usual. `unchanged` names the saved item it was meant to update.
   */
  const askIfTooLong = (text: string, title: string, unchanged: string | null = null): boolean => {
    if (text.length <= ACTION_LIMITS.memoryMax) return false;
    setLongNote({ title, length: text.length, parts: splitNote(text, ACTION_LIMITS.memoryMax), unchanged });
    return true;
  };

  const confirm = () => {
    if (!longNote) return;
    setLongNote(null);
    void saveNotes(longNote.title, longNote.parts, longNote.unchanged);
  };

  const cancel = () => {
    setLongNote(null);
    onDone({ kind: 'success', text: 'Nothing was saved.' });
  };

  return { longNote, saveNotes, askIfTooLong, confirm, cancel };
}

export type LongNoteFlow = ReturnType<typeof useLongNote>;
