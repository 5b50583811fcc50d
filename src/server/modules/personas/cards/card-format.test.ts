import { describe, expect, it } from 'vitest';
import { cardTextCleaner, cutAtWord, parseCard, readSimplifiedExtension, tidy } from './card-format.js';

describe('parseCard', () => {
  it('reads a V1 card, defaulting what is missing and taking creatorcomment as creator notes', () => {
    const card = parseCard({
      name: 'Luna',
      description: 'A moon spirit.',
      creatorcomment: 'Have fun',
      chat: 'x',
    });
    expect(card).toMatchObject({
      version: 1,
      name: 'Luna',
      description: 'A moon spirit.',
      personality: '',
      firstMessage: '',
      creatorNotes: 'Have fun',
      tags: [],
      alternateGreetings: [],
      hasLorebook: false,
    });
  });

  it('reads a V2 card from data, not from the V1 mirror at the root', () => {
    const card = parseCard({
      name: 'Root name',
      description: 'root',
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name: 'Data name',
        description: 'From data',
        first_mes: 'Hello',
        mes_example: null,
        tags: ['Fun', 42, 'Epic'],
        alternate_greetings: 'not a list',
        character_book: { entries: [] },
        extensions: { depth_prompt: { depth: 4 } },
        some_future_field: true,
      },
    });
    expect(card).toMatchObject({
      version: 2,
      name: 'Data name',
      description: 'From data',
      firstMessage: 'Hello',
      exampleMessages: '',
      tags: ['Fun', 'Epic'],
      alternateGreetings: [],
      hasLorebook: true,
      extensions: { depth_prompt: { depth: 4 } },
    });
  });

  it('reads a V3 card with its nickname and group-only greetings', () => {
    const card = parseCard({
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: { name: 'Violet Hale', nickname: 'Vi', group_only_greetings: ['Hi all'], assets: [] },
    });
    expect(card).toMatchObject({
      version: 3,
      name: 'Violet Hale',
      nickname: 'Vi',
      groupOnlyGreetings: ['Hi all'],
    });
  });

  it.each([
    ['null', null],
    ['a string', 'chara'],
    ['an array', [{ name: 'x', description: 'y' }]],
    ['an object with only a name', { name: 'package', version: '1.0.0' }],
    ['a V2 card without data and no V1 fields', { spec: 'chara_card_v2', name: 'x' }],
    ['a V2 card whose name is not a string', { spec: 'chara_card_v2', data: { name: 7, description: 'x' } }],
  ])('returns null for %s', (_label, json) => {
    expect(parseCard(json)).toBeNull();
  });
});

describe('readSimplifiedExtension', () => {
  it('reads our extension and ignores other apps', () => {
    const ours = parseCard({
      spec: 'chara_card_v2',
      data: { name: 'A', extensions: { simplified: { username: 'a1', tag: 'Fun', memory: 'm' } } },
    });
    const theirs = parseCard({
      spec: 'chara_card_v2',
      data: { name: 'A', extensions: { simplified: 'yes' } },
    });
    expect(ours && readSimplifiedExtension(ours)).toEqual({
      username: 'a1',
      tag: 'Fun',
      bio: '',
      memory: 'm',
    });
    expect(theirs && readSimplifiedExtension(theirs)).toBeNull();
    const odd = parseCard({ spec: 'chara_card_v2', data: { name: 'A', extensions: { simplified: [] } } });
    expect(odd && readSimplifiedExtension(odd)).toBeNull();
  });
});

describe('card text helpers', () => {
  it('expands macros, filters and counts the removed characters', () => {
    const { clean, removed } = cardTextCleaner('Vi');
    expect(clean('*{{char}} waves at {{USER}}.*\r\n"Hi, <user>!" said <BOT>. {{original}}')).toBe(
      'Vi waves at the user.\nHi, the user! said Vi.',
    );
    expect(removed()).toBe(4);
    expect(clean('<START>\n{{user}}: hey? 😀')).toBe('the user: hey');
    expect(removed()).toBe(6); // the question mark and the emoji (one code point)
    expect(cardTextCleaner('$& $1').clean('I am {{char}}')).toBe('I am 1');
  });

  it('tidies spaces and blank lines', () => {
    expect(tidy('  a   b \n\n\n\n  c\t d  ')).toBe('a b\n\nc d');
  });

  it('cuts at a word boundary near the limit, else hard, never splitting a surrogate pair', () => {
    expect(cutAtWord('short', 10)).toBe('short');
    expect(cutAtWord('alpha beta gamma delta epsilon', 25)).toBe('alpha beta gamma delta');
    expect(cutAtWord('abcdefghijklmnop', 10)).toBe('abcdefghij');
    expect(cutAtWord('abcdefghi𝓐', 10)).toBe('abcdefghi');
  });
});
