import type { IntakeProgress } from '../../lib/pdf/pdf-intake.js';
import styles from './pdf-intake.module.css';

/** What the row says: "opening…", "page 3 of 5", or "OCR: page 2 (1 of 4)". */
export function progressText(progress: IntakeProgress | null): string {
  if (!progress) return 'opening…';
  if (progress.phase === 'text') return `page ${progress.done} of ${progress.total}`;
  const percent = Math.round((progress.share ?? 0) * 100);
  return `OCR: page ${progress.page ?? ''} (${Math.min(progress.done + 1, progress.total)} of ${progress.total}), ${percent}%`;
}

interface IntakeProgressRowProps {
  name: string;
  progress: IntakeProgress | null;
  /** Shown while OCR runs: stops it, keeping what was read. */
  onCancelOcr?: () => void;
}

/**
 * One file being read: its name, a labelled progress bar (text layer, then OCR) and, during OCR, a
 * Cancel button. Inside a list item, so several files each get their own.
 */
export function IntakeProgressRow({ name, progress, onCancelOcr }: IntakeProgressRowProps) {
  const text = progressText(progress);
  const ocr = progress?.phase === 'ocr';
  const value = progress ? (ocr ? progress.done + (progress.share ?? 0) : progress.done) : undefined;
  return (
    <div className={styles.row}>
      <span className={styles.name}>{name}</span>
      <span className={styles.status}>{text}</span>
      <progress
        className={styles.bar}
        max={progress?.total || 1}
        value={value}
        aria-label={ocr ? `Reading ${name} with OCR` : `Reading ${name}`}
        aria-valuetext={text}
      />
      {ocr && onCancelOcr ? (
        <button
          type="button"
          className={styles.cancel}
          onClick={onCancelOcr}
          aria-label={`Cancel OCR of ${name}`}
        >
          Cancel
        </button>
      ) : null}
    </div>
  );
}
