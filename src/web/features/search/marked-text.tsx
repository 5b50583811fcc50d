import type { Highlight } from '../../../contracts/search.js';

/** `text` with the given ranges in <mark>: every piece is a text node, never HTML. */
export function MarkedText({ text, highlights }: { text: string; highlights: readonly Highlight[] }) {
  const pieces: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of [...highlights].sort((a, b) => a[0] - b[0])) {
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) pieces.push(text.slice(at, start));
    pieces.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return <>{pieces}</>;
}
