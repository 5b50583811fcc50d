/**
 * Replies of the fake provider that specs assert on, apart from fake-ai-server.ts (which starts servers when
 * imported). Kept free of side effects so both the fake server and the specs can import them.
 */

/**
 * "symbols": a reply full of characters SPEC §5 replaces, cut so that runs of them, whitespace, a line
 * break (CRLF) and an emoji's surrogate pair fall across pieces.
 */
export const SYMBOLS_CHUNKS = [
  '**Sure',
  '!** Here',
  "'s tip #",
  '1 (of 2) ~ [a] {b',
  '} <c> | d/e\\',
  'f & g ^ h $ i @ j.\r',
  '\nNext',
  ' line 😀'.slice(0, 7),
  ' line 😀'.slice(7),
  ' done!',
];

/** What the server stores (and so streams) for SYMBOLS_CHUNKS. */
export const SYMBOLS_STORED =
  "Sure    Here's tip  1  of 2     a   b   c    d e f   g   h   i   j.\r\nNext line   done";
