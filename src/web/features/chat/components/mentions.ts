/** Someone the composer can @name: a room's persona or person. */
export interface MentionCandidate {
  username: string;
  name: string;
  isAi: boolean;
}

/** The @name being typed: where its @ is in the text, and the letters after it up to the caret. */
export interface MentionToken {
  start: number;
  query: string;
}

/** At most this many suggestions show at once (a room holds 5 personas; people narrow as one types). */
export const MENTION_SUGGESTIONS_MAX = 8;

const WORD = /[A-Za-z0-9_]/;

/**
 * The @name the caret is at the end of, as `mentionedUsernames` (contracts/rooms.ts) reads one: an @ at the
 * start or after a character that is not a letter, digit or _ (so not an e-mail address), then name letters.
 */
export function mentionAt(text: string, caret: number): MentionToken | null {
  const match = /(?:^|[^A-Za-z0-9_])@([A-Za-z0-9_]{0,30})$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Who matches the letters typed: usernames starting with them, then names with a word starting with them. */
export function suggestMentions(candidates: readonly MentionCandidate[], query: string): MentionCandidate[] {
  const wanted = query.toLowerCase();
  const byName = (candidate: MentionCandidate) =>
    candidate.name
      .toLowerCase()
      .split(/\s+/)
      .some((word) => word.startsWith(wanted));
  const first = candidates.filter((candidate) => candidate.username.toLowerCase().startsWith(wanted));
  const then = candidates.filter((candidate) => !first.includes(candidate) && byName(candidate));
  return [...first, ...then].slice(0, MENTION_SUGGESTIONS_MAX);
}

/** The text with the @name being typed (and the rest of its word) replaced by `@username `, and the new caret. */
export function insertMention(
  text: string,
  token: MentionToken,
  caret: number,
  username: string,
): { text: string; caret: number } {
  let end = caret;
  while (end < text.length && WORD.test(text.charAt(end))) end += 1;
  const after = text.slice(end);
  const spaced = /^\s/.test(after) ? '' : ' ';
  const inserted = `@${username}${spaced}`;
  return {
    text: text.slice(0, token.start) + inserted + after,
    caret: token.start + inserted.length + (spaced ? 0 : 1),
  };
}
