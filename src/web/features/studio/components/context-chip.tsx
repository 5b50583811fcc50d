import { contextChip } from '../model/recall.js';
import { CloseIcon } from '../../../components/ui/icons.js';
import { contextSize, useStudio } from '../state/studio-store.js';
import { LayersIcon } from './studio-icons.js';
import { TipIconButton } from './tip-icon-button.js';
import styles from './context-chip.module.css';

/** SPEC §2: the context size (characters, or K above 1000) and a button that frees the context. */
export function ContextChip() {
  const size = useStudio((state) => contextSize(state));
  const freeContext = useStudio((state) => state.freeContext);
  return (
    <span
      className={styles.chip}
      role="group"
      aria-label="Context size"
      title={`${size} characters of context`}
      data-empty={size === 0 || undefined}
    >
      <LayersIcon size={15} />
      <span>
        <span className={styles.chipWord}>context </span>
        <strong className={styles.chipCount}>{contextChip(size)}</strong>
      </span>
      <TipIconButton
        label="Free the context"
        className={styles.chipFree}
        disabled={size === 0}
        onClick={freeContext}
      >
        <CloseIcon size={14} />
      </TipIconButton>
    </span>
  );
}
