import { describe, expect, it } from 'vitest';
import { fitField, isCategoryTag, limitInput } from './persona-fields.js';

describe('persona field rules', () => {
  it('cuts typing at the limit', () => {
    expect(limitInput('abc', 'abcd', 3)).toBe('abc');
    expect(limitInput('', 'abcdef', 3)).toBe('abc');
    expect(limitInput('ab', 'abc', 3)).toBe('abc');
  });

  it('lets text already over the limit shrink but not grow, never cutting it by surprise', () => {
    expect(limitInput('abcde', 'abcd', 3)).toBe('abcd');
    expect(limitInput('abcde', 'abcdef', 3)).toBe('abcde');
  });

  it('filters each field like the server', () => {
    expect(fitField('name', '', 'Ada-Bot 2.0', 50)).toBe('AdaBot 20');
    expect(fitField('username', '', ' Ada_Bot ', 30)).toBe('adabot');
    expect(fitField('bio', '', 'Hi! (really): yes, 100%', 1000)).toBe('Hi! really: yes, 100');
  });

  it('recognises the 14 category tags only', () => {
    expect(isCategoryTag('Art')).toBe(true);
    expect(isCategoryTag('art')).toBe(false);
    expect(isCategoryTag('')).toBe(false);
  });
});
