import { describe, expect, it } from 'vitest';
import { normalizeText } from './normalize-text.js';
import { searchWords } from './search.js';

// "العربية" as a PDF's text layer often gives it: isolated, initial, medial and final presentation forms.
const PRESENTATION_FORMS = '\uFE8D\uFEDF\uFECC\uFEAE\uFE91\uFEF4\uFE94';

describe('normalizeText', () => {
  it('turns Arabic presentation forms into the letters people type', () => {
    expect(normalizeText(PRESENTATION_FORMS)).toBe('العربية');
    // Lam-alef, one ligature glyph, is two letters.
    expect(normalizeText('\uFEFB')).toBe('لا');
  });

  it('unfolds Latin ligatures and full-width letters, and leaves ordinary text alone', () => {
    expect(normalizeText('ﬁnal ＡＢＣ')).toBe('final ABC');
    expect(normalizeText('Café, 確率 and العربية')).toBe('Café, 確率 and العربية');
  });
});

describe('searchWords', () => {
  it('searches for the normalised spelling of a query', () => {
    expect(searchWords(`${PRESENTATION_FORMS} ﬁnal`)).toEqual(['العربية', 'final']);
  });
});
