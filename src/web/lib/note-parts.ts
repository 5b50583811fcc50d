/**
 * A document longer than one note can hold is saved as several notes rather than cut. The parts break
 * at a paragraph, else a line, else a space near the end of each part, and keep every character:
 * joined together they are the original text.
 */

/** How far back from the limit a part may end to break at a paragraph, line or space. */
const BREAK_WINDOW = 0.2;

function breakPoint(text: string, max: number): number {
  const window = text.slice(0, max);
  const earliest = Math.floor(max * (1 - BREAK_WINDOW));
  for (const separator of [/\n\s*\n/g, /\n/g, /\s/g]) {
    let last = -1;
    for (const match of window.matchAll(separator)) {
      const end = match.index + match[0].length;
      if (end <= max) last = end;
    }
    if (last >= earliest) return last;
  }
  // No break near the end: cut at the limit, but never between the halves of a surrogate pair.
  return /[\uD800-\uDBFF]/.test(window.at(-1) ?? '') ? max - 1 : max;
}

/** Splits `text` into parts of at most `max` characters; one part when it already fits. */
export function splitNote(text: string, max: number): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const cut = breakPoint(rest, max);
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest.trim()) parts.push(rest);
  else if (parts.length > 0) parts[parts.length - 1] += rest;
  return parts;
}

/** The title of part `index` (from 1) of `count`: "Title (2 of 3)"; a single note keeps its title. */
export function numberedTitle(title: string, index: number, count: number): string {
  return count === 1 ? title : `${title} (${index} of ${count})`;
}
