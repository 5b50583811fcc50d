import { useEffect, type RefObject, type SyntheticEvent } from 'react';

/**
 * Shows a <dialog> as a modal (focus kept inside, the rest of the page inert) while `open`, and gives focus
 * back to what had it before once it closes. `onShown` may move focus inside (showModal focuses the first
 * control it finds). Returns the dialog's `onCancel` (Escape): it calls `onClose` and leaves closing to `open`,
 * so React stays the one source of truth.
 */
export function useModal(
  ref: RefObject<HTMLDialogElement | null>,
  open = true,
  onClose: () => void,
  onShown?: (dialog: HTMLDialogElement) => void,
): (event: SyntheticEvent<HTMLDialogElement>) => void {
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    onShown?.(dialog);
    return () => {
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
    // onShown runs once per opening; a new function on each render must not reopen the dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, ref]);
  return (event) => {
    event.preventDefault();
    onClose();
  };
}
