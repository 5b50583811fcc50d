import type { PdfDocument } from './pdfjs.js';

/** Draws one page, `width` CSS pixels wide, into a canvas (sharp on high-density screens). */
export async function renderThumbnail(
  pdf: PdfDocument,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  width: number,
): Promise<void> {
  const page = await pdf.getPage(pageNumber);
  const natural = page.getViewport({ scale: 1 });
  const density = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: (width / natural.width) * density });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${Math.floor(viewport.height / density)}px`;
  await page.render({ canvas, viewport }).promise;
}
