import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { TIMING } from '../../../contracts/rules.js';
import { IconButton } from './button.js';
import { CloseIcon, CollapseIcon, ExpandIcon } from './icons.js';
import styles from './drawer.module.css';

export type DrawerSide = 'left' | 'right';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  side?: DrawerSide;
  /** Start at full width instead of one third (wide screens only; phones are always full). */
  defaultFull?: boolean;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps the panel mounted while it slides out, then unmounts it. */
function usePresence(open: boolean): { mounted: boolean; closing: boolean } {
  const [mounted, setMounted] = useState(open);
  useEffect(() => {
    if (open) {
      setMounted(true);
      return;
    }
    const timer = setTimeout(() => setMounted(false), TIMING.drawerAnimationMs);
    return () => clearTimeout(timer);
  }, [open]);
  return { mounted: mounted || open, closing: !open && mounted };
}

/**
 * A modal panel sliding in from the left or right (SPEC §2): full width under 768 px, one third of
 * the viewport above, with a normal/full toggle. Escape, the close button or the backdrop close it;
 * focus moves in when it opens, stays inside while open and returns to the opener when it closes.
 */
export function Drawer({ open, onClose, title, side = 'right', defaultFull = false, children }: DrawerProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(defaultFull);
  const { mounted, closing } = usePresence(open);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  // Tab wraps around inside the panel: aria-modal promises nothing behind it is reachable.
  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!mounted) return null;
  const panelClass = [styles.panel, styles[side], full ? styles.full : '', closing ? styles.closing : '']
    .filter(Boolean)
    .join(' ');
  return createPortal(
    <div className={styles.root}>
      <div
        className={`${styles.backdrop} ${closing ? styles.closing : ''}`}
        onClick={onClose}
        aria-hidden="true"
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={panelClass}
        data-side={side}
        data-size={full ? 'full' : 'normal'}
        onKeyDown={trapTab}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <IconButton
            size="sm"
            aria-label="Full size"
            aria-pressed={full}
            className={styles.sizeToggle}
            onClick={() => setFull((value) => !value)}
          >
            {full ? <CollapseIcon size={18} /> : <ExpandIcon size={18} />}
          </IconButton>
          <IconButton size="sm" aria-label="Close" onClick={onClose}>
            <CloseIcon size={18} />
          </IconButton>
        </header>
        <div className={styles.body}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
