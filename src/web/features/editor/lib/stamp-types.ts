/**
 * SPEC §9, PDF viewer limits: the only image types a stamp may use. They match pdf.js's own list
 * (SupportedImageMimeTypes), checked here before a file ever reaches pdf.js.
 */
export const STAMP_IMAGE_TYPES = [
  'image/apng',
  'image/avif',
  'image/bmp',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/svg+xml',
  'image/webp',
  'image/x-icon',
] as const;

/** For the file picker's accept attribute. */
export const STAMP_ACCEPT = STAMP_IMAGE_TYPES.join(',');

/** Some systems report icons as image/vnd.microsoft.icon; it is the same x-icon format. */
const ALIASES: Record<string, string> = { 'image/vnd.microsoft.icon': 'image/x-icon' };

export function isStampImageType(type: string): boolean {
  const normalised = type.trim().toLowerCase();
  return (STAMP_IMAGE_TYPES as readonly string[]).includes(ALIASES[normalised] ?? normalised);
}

/** The visible refusal for a file that is not one of the allowed image types. */
export function stampRefusal(file: { name: string; type: string }): string {
  const kind = file.type ? `of type ${file.type}` : 'a file of unknown type';
  return `“${file.name}” is ${kind}. A stamp must be an image: APNG, AVIF, BMP, GIF, JPEG, PNG, SVG, WebP or ICO.`;
}

/** null when the file may be used as a stamp, otherwise the message to show. */
export function checkStampFile(file: { name: string; type: string }): string | null {
  return isStampImageType(file.type) ? null : stampRefusal(file);
}
