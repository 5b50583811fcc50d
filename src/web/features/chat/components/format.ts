import { format } from 'date-fns';
import { MESSAGE_LIMITS } from '../../../../contracts/messages.js';

/** SPEC §9 bubble timestamp. */
export const TIMESTAMP_FORMAT = 'MMM dd h:mm a';

/** 'May 07 3:04 PM' in the reader's time zone; an unreadable time shows nothing rather than "Invalid". */
export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, TIMESTAMP_FORMAT);
}

/** SPEC §2/§9: the list shows the last message cut to 100 characters plus '...'. */
export function previewText(text: string): string {
  const max = MESSAGE_LIMITS.previewChars;
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
