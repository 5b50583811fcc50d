import { useStudio } from '../state/studio-store.js';
import styles from './side-panel.module.css';

/**
 * Recall and loading a saved item replace the context box. When it held other text, this offers to
 * bring it back (an undo rather than appending: the recalled passages are what the user asked to work
 * with, and appending would mix old and new context unseen). The offer ends when the user edits the box.
 */
export function ContextUndoOffer({ contextId }: { contextId: string }) {
  const undo = useStudio((state) => state.contextUndo);
  const undoContextReplace = useStudio((state) => state.undoContextReplace);
  if (!undo) return null;
  return (
    <p role="status" className={styles.undoOffer}>
      <span>Your earlier context was replaced by {undo.replacedBy}.</span>
      <button
        type="button"
        className={styles.action}
        onClick={() => {
          undoContextReplace();
          // The button goes away with the offer; focus moves to the text it brought back.
          document.getElementById(contextId)?.focus();
        }}
      >
        Undo
      </button>
    </p>
  );
}
