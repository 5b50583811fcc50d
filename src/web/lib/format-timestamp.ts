/** SPEC §9 bubble timestamp, 'MMM dd h:mm a', built from parts so no locale's own punctuation slips in. */
const TIMESTAMP_PARTS = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** 'May 07 3:04 PM' in the reader's time zone; an unreadable time shows nothing rather than "Invalid". */
export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = TIMESTAMP_PARTS.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')} ${part('hour')}:${part('minute')} ${part('dayPeriod')}`;
}
