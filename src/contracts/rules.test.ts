import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../test/support/seeded-random.js';
import { aiReplyStream, filterAiReply } from './rules.js';

// Pieces chosen to hit every boundary case: kept and replaced characters, runs of spaces and breaks, CRLF,
// emoji (surrogate pairs a cut can split), letters outside ASCII, Markdown and the characters of the issue.
const PIECES = [
  'a',
  'Z',
  'é',
  '7',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '\n\n\n',
  '\u00a0',
  '!',
  '#',
  '@',
  '$',
  '^',
  '&',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '~',
  '|',
  '\\',
  '/',
  '<',
  '>',
  '*',
  '**',
  '—',
  '.',
  '?',
  ',',
  '%',
  "'",
  '😀',
  '👍🏽',
  '𝒳',
  'word',
  'Hello',
];

function randomText(next: () => number): string {
  const length = Math.floor(next() * 40);
  let text = '';
  for (let i = 0; i < length; i++) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

/** Cuts `text` at random UTF-16 positions (so surrogate pairs and CRLF get split too), empty pieces included. */
function randomCuts(text: string, next: () => number): string[] {
  const pieces: string[] = [];
  let at = 0;
  while (at < text.length) {
    const size = Math.floor(next() * 6);
    pieces.push(text.slice(at, at + size));
    at += size;
  }
  if (next() < 0.3) pieces.push('');
  return pieces;
}

function streamed(pieces: readonly string[]): { parts: string[]; whole: string } {
  const stream = aiReplyStream();
  const parts = pieces.map((piece) => stream.push(piece));
  return { parts, whole: parts.join('') };
}

describe('filterAiReply (SPEC §5 character rule)', () => {
  it("replaces each character but letters, digits, whitespace and . ? , % ' with one space", () => {
    expect(filterAiReply("Hi! *Bold* 50% off, isn't it? (yes) #1 — ok.")).toBe(
      "Hi   Bold  50% off, isn't it?  yes   1   ok.",
    );
    expect(filterAiReply('Ünïcödé 123')).toBe('Ünïcödé 123');
    expect(filterAiReply('Hello! I am your assistant.')).toBe('Hello  I am your assistant.');
  });

  it('keeps line breaks and trims the ends', () => {
    expect(filterAiReply('  # Title\r\n\r\n- one  \n- two!  ')).toBe('Title\r\n\r\n  one  \n  two');
    expect(filterAiReply('a 😀 b')).toBe('a   b');
    expect(filterAiReply('<>{}[]')).toBe('');
  });
});

describe('aiReplyStream', () => {
  it('streams exactly what filterAiReply gives for the whole text, for any cutting of any text', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const next = random(seed);
      const text = randomText(next);
      const { whole } = streamed(randomCuts(text, next));
      expect({ seed, text, whole }).toEqual({ seed, text, whole: filterAiReply(text) });
    }
  });

  it('gives the same result one UTF-16 unit at a time and all at once', () => {
    const text = ' ** Hi!\r\n\r\n😀 I’m (here) #1 —\tok. ';
    expect(streamed([...text.split('')]).whole).toBe(filterAiReply(text));
    expect(streamed([text]).whole).toBe(filterAiReply(text));
  });

  it('shows words as they come and holds back only what the next piece decides', () => {
    const { parts } = streamed(['Hello', '! I', ' am\r', '\nhere', ' 😀'.slice(0, 2), '😀'.slice(1), ' ok']);
    expect(parts).toEqual(['Hello', '  I', ' am', '\r\nhere', '', '', '   ok']);
  });
});
