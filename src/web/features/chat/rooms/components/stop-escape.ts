import type { KeyboardEvent } from 'react';

/**
 * Escape in a dialog opened from a drawer closes the dialog only: the drawer listens for Escape on the
 * document, so the key goes no further than the dialog.
 */
export function stopEscapeInDialog(event: KeyboardEvent<HTMLElement>): void {
  if (event.key === 'Escape' && event.target instanceof Element && event.target.closest('dialog')) {
    event.stopPropagation();
  }
}
