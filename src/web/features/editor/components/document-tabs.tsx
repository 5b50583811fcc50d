import { useEffect, useId, useRef } from 'react';
import type { KeepState } from '../lib/document-keeper.js';
import styles from './document-tabs.module.css';
import type { OpenedFile } from './editor-types.js';

interface DocumentTabsProps {
  files: OpenedFile[];
  activeId: string | null;
  keep: KeepState;
  onSwitch: (file: OpenedFile) => Promise<void>;
  onClose: (file: OpenedFile) => void;
}

const KEEP_TEXT: Record<KeepState, string> = {
  kept: 'Kept in this browser',
  keeping: 'Keeping in this browser…',
  failed: 'Not kept in this browser',
};

/**
 * One tab per open PDF: its name shows it, its × closes it. A dot marks annotations not downloaded yet;
 * the line after the tabs says whether everything is safely kept in this browser.
 */
export function DocumentTabs({ files, activeId, keep, onSwitch, onClose }: DocumentTabsProps) {
  const id = useId();
  const strip = useRef<HTMLElement>(null);
  // The strip scrolls sideways on a phone: the shown tab is always brought into view.
  useEffect(() => {
    const list = strip.current;
    const shown = list?.querySelector<HTMLElement>('[data-active]');
    if (!list || !shown) return;
    const { offsetLeft, offsetWidth } = shown;
    if (offsetLeft < list.scrollLeft) list.scrollLeft = offsetLeft;
    else if (offsetLeft + offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = offsetLeft + offsetWidth - list.clientWidth;
  }, [activeId, files.length]);
  if (files.length === 0) return null;
  return (
    <div className={styles.tabsRow}>
      <span id={`${id}-unsaved`} hidden>
        Annotations not downloaded yet
      </span>
      <nav ref={strip} className={styles.files} aria-label="Opened PDFs">
        {files.map((file) => (
          <span key={file.id} className={styles.fileTab} data-active={file.id === activeId || undefined}>
            <button
              type="button"
              className={styles.fileName}
              aria-current={file.id === activeId ? 'true' : undefined}
              aria-describedby={file.unsaved ? `${id}-unsaved` : undefined}
              title={file.unsaved ? 'Annotations not downloaded yet' : undefined}
              onClick={() => void onSwitch(file)}
            >
              {file.name}
            </button>
            {file.unsaved ? (
              <span className={styles.unsavedDot} aria-hidden="true">
                •
              </span>
            ) : null}
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
      <span className={`${styles.muted} ${styles.keep}`} role="status" data-keep={keep}>
        {KEEP_TEXT[keep]}
      </span>
    </div>
  );
}
