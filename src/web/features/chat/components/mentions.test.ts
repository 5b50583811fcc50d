import { describe, expect, it } from 'vitest';
import { insertMention, mentionAt, suggestMentions } from './mentions.js';

describe('@-mentions', () => {
  it('finds the @name at the caret as the server reads one, never in an e-mail address', () => {
    expect(mentionAt('Hi @gr', 6)).toEqual({ start: 3, query: 'gr' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('(@ai', 4)).toEqual({ start: 1, query: 'ai' });
    expect(mentionAt('ada@example', 11)).toBeNull();
    expect(mentionAt('@ai done', 8)).toBeNull();
  });

  it('puts the username in place of the word being typed, with one space after it', () => {
    expect(insertMention('Hi @gr', { start: 3, query: 'gr' }, 6, 'grace')).toEqual({
      text: 'Hi @grace ',
      caret: 10,
    });
    // The caret inside a word: the whole word goes, and the space already there is kept.
    expect(insertMention('@gra there', { start: 0, query: 'g' }, 2, 'grace')).toEqual({
      text: '@grace there',
      caret: 7,
    });
  });

  it('suggests usernames starting with the letters first, then names with a word starting with them', () => {
    const people = [
      { username: 'hopper', name: 'Ada', isAi: false },
      { username: 'grace', name: 'Grace Hopper', isAi: false },
      { username: 'sage', name: 'Sage', isAi: true },
    ];
    expect(suggestMentions(people, 'HOP').map((p) => p.username)).toEqual(['hopper', 'grace']);
    expect(suggestMentions(people, '').map((p) => p.username)).toEqual(['hopper', 'grace', 'sage']);
  });
});
