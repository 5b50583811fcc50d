import { ACTION_LIMITS } from '../../../../contracts/actions.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import type { LongNote } from './use-save-as-note.js';

const count = (n: number) => n.toLocaleString('en-US');

interface LongNoteDialogProps {
  note: LongNote;
  onSplit: () => void;
  onCancel: () => void;
}

/** Asks before saving a text longer than one note: split it into numbered notes, or cancel. */
export function LongNoteDialog({ note, onSplit, onCancel }: LongNoteDialogProps) {
  const parts = note.parts.length;
  return (
    <ConfirmDialog
      open
      title="This text is too long for one note"
      confirmLabel={`Save as ${parts} notes`}
      onCancel={onCancel}
      onConfirm={onSplit}
    >
      It has {count(note.length)} characters and a note holds at most {count(ACTION_LIMITS.memoryMax)}. Save
      it as {parts} notes, “{note.title} (1 of {parts})” to “{note.title} ({parts} of {parts})”, so nothing is
      left out?
    </ConfirmDialog>
  );
}
