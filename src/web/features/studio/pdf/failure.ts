/** SPEC §8: every PDF extraction failure reads 'Failed to extract text from PDF: ' and its reason. */
export const PDF_FAILURE_PREFIX = 'Failed to extract text from PDF: ';

/** The failure message for anything thrown while reading a PDF (never prefixed twice). */
export function pdfFailureMessage(error: unknown): string {
  const reason = error instanceof Error && error.message ? error.message : String(error);
  return reason.startsWith(PDF_FAILURE_PREFIX) ? reason : `${PDF_FAILURE_PREFIX}${reason}`;
}
