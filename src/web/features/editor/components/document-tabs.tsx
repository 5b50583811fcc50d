import styles from './editor-page.module.css';
import type { OpenedFile } from './editor-types.js';

interface DocumentTabsProps {
  files: OpenedFile[];
  activeId: string | null;
  onSwitch: (file: OpenedFile) => Promise<void>;
  onClose: (file: OpenedFile) => void;
}

/** One tab per opened PDF: its name shows it, its × closes it. */
export function DocumentTabs({ files, activeId, onSwitch, onClose }: DocumentTabsProps) {
  if (files.length === 0) return null;
  return (
    <nav className={styles.files} aria-label="Opened PDFs">
      {files.map((file) => (
        <span key={file.id} className={styles.fileTab} data-active={file.id === activeId || undefined}>
          <button
            type="button"
            className={styles.fileName}
            aria-current={file.id === activeId ? 'true' : undefined}
            onClick={() => void onSwitch(file)}
          >
            {file.name}
          </button>
          <button
            type="button"
            className={styles.fileClose}
            aria-label={`Close ${file.name}`}
            onClick={() => onClose(file)}
          >
            ×
          </button>
        </span>
      ))}
    </nav>
  );
}
