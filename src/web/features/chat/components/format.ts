import { MESSAGE_LIMITS } from '../../../../contracts/messages.js';

/** SPEC §2/§9: the list shows the last message cut to 100 characters plus '...'. */
export function previewText(text: string): string {
  const max = MESSAGE_LIMITS.previewChars;
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** What the inbox shows of a conversation's latest message: its start, or that it was deleted for everyone. */
export function latestPreview(latest: { text: string; deleted?: true }): string {
  return latest.deleted ? 'message deleted' : previewText(latest.text);
}
