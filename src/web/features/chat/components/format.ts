import { MESSAGE_LIMITS } from '../../../../contracts/messages.js';

/** SPEC §2/§9: the list shows the last message cut to 100 characters plus '...'. */
export function previewText(text: string): string {
  const max = MESSAGE_LIMITS.previewChars;
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
