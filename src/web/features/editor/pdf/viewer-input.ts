export interface ViewerInputHandlers {
  /** Zoom by a factor. */
  zoom: (factor: number) => void;
  isStampTool: () => boolean;
  /** A click on an empty spot of a page with the stamp tool. */
  onStampRequest: () => void;
  /** Pointer or key activity: an annotation may have been edited. */
  onActivity: () => void;
  /** The viewer changed size. */
  onResize: () => void;
}

/**
 * The viewer's own input handling next to pdf.js's: Ctrl+wheel zoom, the checked stamp picker, activity
 * reports and resizes. Returns the function that removes it all.
 */
export function attachViewerInput(container: HTMLDivElement, handlers: ViewerInputHandlers): () => void {
  // Ctrl (or ⌘) with the wheel zooms the PDF, as pdf.js's own viewer does, instead of the whole page.
  const onWheel = (event: WheelEvent) => {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    if (event.deltaY !== 0) handlers.zoom(event.deltaY < 0 ? 1.1 : 1 / 1.1);
  };
  // With the stamp tool, a click on an empty spot would open pdf.js's unchecked picker: ours opens instead.
  const onPointerDown = (event: PointerEvent) => {
    if (!handlers.isStampTool() || event.button !== 0) return;
    const target = event.target as HTMLElement | null;
    if (!target?.classList.contains('annotationEditorLayer')) return;
    event.preventDefault();
    event.stopPropagation();
    handlers.onStampRequest();
  };
  const onActivity = () => handlers.onActivity();
  const resizing = new ResizeObserver(() => handlers.onResize());

  container.addEventListener('pointerdown', onPointerDown, { capture: true });
  container.addEventListener('wheel', onWheel, { passive: false });
  container.addEventListener('pointerup', onActivity);
  container.addEventListener('keyup', onActivity);
  resizing.observe(container);
  return () => {
    container.removeEventListener('pointerdown', onPointerDown, { capture: true });
    container.removeEventListener('wheel', onWheel);
    container.removeEventListener('pointerup', onActivity);
    container.removeEventListener('keyup', onActivity);
    resizing.disconnect();
  };
}
