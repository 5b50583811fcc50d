import { ACTION_LIMITS } from '../../../contracts/actions.js';
import { numberedTitle } from '../../lib/note-parts.js';
import { ConfirmDialog } from '../ui/confirm-dialog.js';
import type { LongNoteFlow } from './use-long-note.js';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Asks before saving a text longer than one note: split it into numbered notes, or cancel. Shown
 * while `flow` (from `useLongNote`) holds such a text.
 */
export function LongNoteDialog({ flow }: { flow: LongNoteFlow }) {
  const note = flow.longNote;
  if (!note) return null;
  const parts = note.parts.length;
  const notes = note.unchanged ? `${parts} new notes` : `${parts} notes`;
  const range = `“${numberedTitle(note.title, 1, parts)}” to “${numberedTitle(note.title, parts, parts)}”`;
  return (
    <ConfirmDialog
      open
      title="This text is too long for one note"
      confirmLabel={`Save as ${parts} notes`}
      onCancel={flow.cancel}
      onConfirm={flow.confirm}
    >
      It has {count(note.length)} characters and a note holds at most {count(ACTION_LIMITS.memoryMax)}. Save
      it as {notes}, {range}, so nothing is left out?
      {note.unchanged ? ` “${note.unchanged}” stays as it was.` : null}
    </ConfirmDialog>
  );
}
