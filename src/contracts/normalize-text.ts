/**
 * Text as it is stored, shown, searched and sent: Unicode NFKC. PDFs often carry the shaped glyphs of a script
 * (Arabic presentation forms U+FB50–FDFF and U+FE70–FEFF, ligatures such as "ﬁ", full-width letters) instead of
 * its letters, so a word read from one would match nothing typed. NFKC gives back the letters people type.
 * The server's search index applies the same normalisation (SQLite: the nfkc() SQL function; PostgreSQL:
 * normalize(…, NFKC)), so a query, a note and a PDF's text meet in one spelling.
 */
export function normalizeText(text: string): string {
  return text.normalize('NFKC');
}
