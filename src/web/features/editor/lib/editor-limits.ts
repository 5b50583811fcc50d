/**
 * How much the Editor keeps open in this browser. SPEC sets no limit; these keep IndexedDB use within what
 * browsers grant a site without asking, and keep switching tabs quick.
 */
export const EDITOR_LIMITS = {
  /** Open tabs at once. */
  maxDocuments: 10,
  /** One PDF's size. */
  maxDocumentBytes: 50 * 1024 * 1024,
} as const;

function megabytes(bytes: number): string {
  return `${Math.ceil(bytes / (1024 * 1024)).toLocaleString('en-US')} MB`;
}

/** Why a file cannot be opened next to `openCount` others, or null when it can. */
export function openRefusal(file: { name: string; size: number }, openCount: number): string | null {
  if (openCount >= EDITOR_LIMITS.maxDocuments) {
    return `The Editor keeps at most ${EDITOR_LIMITS.maxDocuments} PDFs open; close one to open “${file.name}”.`;
  }
  if (file.size > EDITOR_LIMITS.maxDocumentBytes) {
    return `“${file.name}” is ${megabytes(file.size)}; the Editor opens PDFs of up to ${megabytes(EDITOR_LIMITS.maxDocumentBytes)}.`;
  }
  return null;
}

/** The message when the browser has no room left to keep a PDF. */
export function storageFullMessage(name: string): string {
  return `This browser has no room left to keep “${name}”, so it will be lost on reload: download it, or close other PDFs.`;
}
