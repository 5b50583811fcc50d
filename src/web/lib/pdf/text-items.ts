/**
 * Turning pdf.js text items into readable text. Pure (no pdf.js import), so it is unit-tested on its
 * own; the shapes below are the parts of pdf.js's TextItem and annotation data that matter here.
 */

export interface PdfTextItem {
  str: string;
  hasEOL: boolean;
  /** [scaleX, skewY, skewX, scaleY, x, y] of the item's start. */
  transform: number[];
  width: number;
  height: number;
}

export interface PdfAnnotationInfo {
  subtype?: string;
  fieldType?: string;
  fieldValue?: unknown;
  contentsObj?: { str?: string };
}

function isTextItem(item: unknown): item is PdfTextItem {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

/**
 * One page's text. pdf.js gives runs of glyphs; a run ending a line says so (hasEOL). Runs on one line
 * with a visible gap between them are words apart even without a space glyph (tables, justified
 * LaTeX), and a run that starts lower or higher than the last one without an end of line starts a
 * new line. Raised or lowered runs close to the baseline (superscripts, the A in LaTeX) join as is.
 */
export function pageTextFromItems(items: readonly unknown[]): string {
  let out = '';
  let previous: PdfTextItem | null = null;
  for (const item of items) {
    if (!isTextItem(item)) continue;
    if (previous && !previous.hasEOL && item.str !== '' && !/\s$/.test(out) && !/^\s/.test(item.str)) {
      const size = Math.max(previous.height, item.height, 1);
      const dy = Math.abs((item.transform[5] ?? 0) - (previous.transform[5] ?? 0));
      const gap = (item.transform[4] ?? 0) - ((previous.transform[4] ?? 0) + previous.width);
      if (dy > size * 0.6) out += '\n';
      else if (gap > size * 0.15) out += ' ';
    }
    out += item.str;
    if (item.hasEOL) out += '\n';
    if (item.str !== '' || item.hasEOL) previous = item;
  }
  return out.replace(/[ \t]+\n/g, '\n').trim();
}

/**
 * Text that sits on the page but outside its content stream: typed text boxes (FreeText annotations)
 * and filled-in form text fields. Comments in pop-up notes and link targets are not page text.
 */
export function annotationText(annotations: readonly PdfAnnotationInfo[]): string {
  const parts: string[] = [];
  for (const annotation of annotations) {
    if (annotation.subtype === 'FreeText' && annotation.contentsObj?.str?.trim()) {
      parts.push(annotation.contentsObj.str.trim());
    } else if (
      annotation.subtype === 'Widget' &&
      annotation.fieldType === 'Tx' &&
      typeof annotation.fieldValue === 'string' &&
      annotation.fieldValue.trim()
    ) {
      parts.push(annotation.fieldValue.trim());
    }
  }
  return parts.join('\n');
}
