/**
 * Turning pdf.js text items into readable text. Pure (no pdf.js import), so it is unit-tested on its
 * own; the shapes below are the parts of pdf.js's TextItem and annotation data that matter here.
 */

export interface PdfTextItem {
  str: string;
  /** The run's direction as pdf.js reads it ('rtl' for Arabic, Hebrew…); its own text is in reading order. */
  dir?: string;
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
 * A piece of one line: a run's text (with where it starts on the page), or a space put between runs; `rtl` is
 * null for text without letters.
 */
interface Piece {
  text: string;
  rtl: boolean | null;
  x?: number;
}

const pieceOf = (text: string, item?: PdfTextItem): Piece => ({
  text,
  rtl: /\p{L}/u.test(text) ? item?.dir === 'rtl' : null,
  x: item?.transform[4],
});

/** Whether these pieces were drawn from the left (the order a right-to-left reading must reverse). */
function drawnFromLeft(pieces: readonly Pick<Piece, 'x'>[]): boolean {
  const xs = pieces.flatMap((piece) => (piece.x === undefined ? [] : [piece.x]));
  return (xs[0] ?? 0) <= (xs.at(-1) ?? 0);
}

/**
 * One line's pieces, given in the order they are drawn (left to right), in reading order. pdf.js puts each
 * run's own text in reading order, but a line drawn glyph by glyph (as Chromium prints Arabic) is a row of runs
 * that read right to left. A simplified Unicode bidi: the line reads in the direction of its first letter; pieces
 * without letters between two of one direction take it, others the line's; then a right-to-left line's runs
 * are reversed, keeping each left-to-right stretch in its own order, and a left-to-right line reverses only its
 * right-to-left stretches.
 */
function readingOrder(pieces: readonly Piece[]): string {
  const base = pieces.find((piece) => piece.rtl !== null)?.rtl ?? false;
  const strongAround = (index: number, step: 1 | -1) => {
    for (let i = index + step; i >= 0 && i < pieces.length; i += step) {
      const rtl = pieces[i]?.rtl;
      if (rtl !== null && rtl !== undefined) return rtl;
    }
    return base;
  };
  const stretches: { rtl: boolean; pieces: Piece[]; x?: number }[] = [];
  pieces.forEach((piece, index) => {
    const before = strongAround(index, -1);
    const rtl = piece.rtl ?? (before === strongAround(index, 1) ? before : base);
    const last = stretches.at(-1);
    if (last?.rtl === rtl) last.pieces.push(piece);
    else stretches.push({ rtl, pieces: [piece], x: piece.x });
  });
  // A producer that drew its right-to-left runs from the right already gave them in reading order.
  const ordered = base && drawnFromLeft(stretches) ? stretches.reverse() : stretches;
  return ordered
    .map(({ rtl, pieces: stretch }) => (rtl && drawnFromLeft(stretch) ? stretch.reverse() : stretch))
    .map((stretch) => stretch.map((piece) => piece.text).join(''))
    .join('');
}

/**
 * One page's text. pdf.js gives runs of glyphs; a run ending a line says so (hasEOL). Runs on one line
 * with a visible gap between them are words apart even without a space glyph (tables, justified
 * LaTeX), and a run that starts lower or higher than the last one without an end of line starts a
 * new line. Raised or lowered runs close to the baseline (superscripts, the A in LaTeX) join as is.
 * Each line is then put in reading order (right-to-left runs, readingOrder).
 */
export function pageTextFromItems(items: readonly unknown[]): string {
  const lines: Piece[][] = [[]];
  const line = () => lines.at(-1) ?? [];
  const endsWithSpace = () => /\s$/.test(line().at(-1)?.text ?? '\n');
  let previous: PdfTextItem | null = null;
  for (const item of items) {
    if (!isTextItem(item)) continue;
    if (previous && !previous.hasEOL && item.str !== '' && !endsWithSpace() && !/^\s/.test(item.str)) {
      const size = Math.max(previous.height, item.height, 1);
      const dy = Math.abs((item.transform[5] ?? 0) - (previous.transform[5] ?? 0));
      const gap = (item.transform[4] ?? 0) - ((previous.transform[4] ?? 0) + previous.width);
      if (dy > size * 0.6) lines.push([]);
      else if (gap > size * 0.15) line().push(pieceOf(' '));
    }
    if (item.str !== '') line().push(pieceOf(item.str, item));
    if (item.hasEOL) lines.push([]);
    if (item.str !== '' || item.hasEOL) previous = item;
  }
  return lines
    .map(readingOrder)
    .join('\n')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
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
