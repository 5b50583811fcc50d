import { useEffect, type RefObject } from 'react';
import type { ViewerController } from '../pdf/viewer-controller.js';

/** Typing somewhere: keys belong to the field (a pdf.js text box is contenteditable). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The viewer's keys, as in pdf.js's own viewer: Ctrl+F (⌘F) opens the find bar, which searches every
 * page rather than only the rendered ones; Home and End go to the first and last page.
 */
export function useEditorShortcuts(
  controllerRef: RefObject<ViewerController | null>,
  pages: number,
  openFind: () => void,
) {
  useEffect(() => {
    if (pages === 0) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        openFind();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
      if ((event.key !== 'Home' && event.key !== 'End') || isTyping(event.target)) return;
      event.preventDefault();
      controllerRef.current?.goToPage(event.key === 'Home' ? 1 : pages);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [controllerRef, pages, openFind]);
}
