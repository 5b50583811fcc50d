/** SPEC §9: a canvas note's title is its first line cut to 50 characters (other notes use 40). */
export const CANVAS_NOTE_TITLE_LENGTH = 50;

/** The first non-empty line of the text, trimmed and cut to 50 characters. */
export function canvasNoteTitle(text: string): string {
  const firstLine = text.trim().split(/\r?\n/, 1)[0] ?? '';
  return [...firstLine.trim()].slice(0, CANVAS_NOTE_TITLE_LENGTH).join('').trimEnd();
}
