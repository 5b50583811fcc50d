/**
 * jsdom has <dialog> but not its modal methods. This gives the part our components rely on: showModal opens
 * and focuses the first button, an Escape nobody prevented fires a cancelable `cancel` event, close closes. The real behaviour
 * (inert page, focus trap) is checked in Chromium by the e2e suite.
 */
export function installDialogMethods(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  const onKeyDown = (event: KeyboardEvent) => {
    const dialog = event.currentTarget as HTMLDialogElement;
    if (event.key !== 'Escape') return;
    // As in the browser, a default action: after every listener (React's, on the page, come later) had its
    // say, and not at all if one of them prevented it.
    queueMicrotask(() => {
      if (event.defaultPrevented) return;
      if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
    });
  };
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.addEventListener('keydown', onKeyDown);
    this.querySelector<HTMLElement>('button, [tabindex]:not([tabindex="-1"])')?.focus();
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.removeEventListener('keydown', onKeyDown);
    this.dispatchEvent(new Event('close'));
  };
}
