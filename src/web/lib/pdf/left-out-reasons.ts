/**
 * Why a page's text is not in a file's text. A module of its own because the Studio's session schema
 * checks it, and that schema loads with the app: the rest of the intake report loads with the Studio.
 */
export const LEFT_OUT_REASONS = ['ocr-limit', 'ocr-cancelled', 'ocr-failed', 'no-words'] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];
