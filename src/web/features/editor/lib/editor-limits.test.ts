import { describe, expect, it } from 'vitest';
import { EDITOR_LIMITS, openRefusal } from './editor-limits.js';

describe('openRefusal', () => {
  it('lets a PDF open while fewer than the maximum are open', () => {
    expect(openRefusal({ name: 'a.pdf', size: 1000 }, EDITOR_LIMITS.maxDocuments - 1)).toBeNull();
  });

  it('refuses one more than the maximum, naming the file', () => {
    expect(openRefusal({ name: 'a.pdf', size: 1000 }, EDITOR_LIMITS.maxDocuments)).toBe(
      'The Editor keeps at most 10 PDFs open; close one to open “a.pdf”.',
    );
  });

  it('refuses a file over the size limit with both sizes', () => {
    expect(openRefusal({ name: 'big.pdf', size: EDITOR_LIMITS.maxDocumentBytes + 1 }, 0)).toBe(
      '“big.pdf” is 51 MB; the Editor opens PDFs of up to 50 MB.',
    );
    expect(openRefusal({ name: 'ok.pdf', size: EDITOR_LIMITS.maxDocumentBytes }, 0)).toBeNull();
  });
});
