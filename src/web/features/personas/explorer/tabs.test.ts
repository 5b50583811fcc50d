import { describe, expect, it } from 'vitest';
import { cardBio } from './card-bio.js';
import { explorerTabs, findTab, tabFilter } from './tabs.js';

describe('explorer tabs', () => {
  const tabs = explorerTabs('ada');

  it('lists All, the own pseudo-tab, then the 14 tags and 3 keywords alphabetically', () => {
    expect(tabs.map((tab) => tab.label)).toEqual([
      'All',
      '@ada',
      'AI',
      'Art',
      'Business',
      'Epic',
      'Fiction',
      'Finance',
      'Founder',
      'Fun',
      'Helper',
      'History',
      'Ideas',
      'Philosophy',
      'Podcast',
      'Productivity',
      'Science',
      'Startup',
      'Success',
    ]);
  });

  it('opens on AI when the address names no known tab', () => {
    expect(findTab(tabs, null).id).toBe('AI');
    expect(findTab(tabs, 'Nonsense').id).toBe('AI');
    expect(findTab(tabs, 'mine').label).toBe('@ada');
  });

  it('maps each kind of tab to its directory filter', () => {
    expect(tabFilter(findTab(tabs, 'All'), '', 'ada')).toEqual({ q: undefined });
    expect(tabFilter(findTab(tabs, 'Art'), ' owl ', 'ada')).toEqual({ q: 'owl', tag: 'Art' });
    expect(tabFilter(findTab(tabs, 'Fiction'), '', 'ada')).toEqual({ q: 'fiction' });
    expect(tabFilter(findTab(tabs, 'mine'), '', 'ada')).toEqual({ q: undefined, createdBy: 'ada' });
  });
});

describe('card bio', () => {
  it('keeps a bio of 50 characters or fewer whole', () => {
    expect(cardBio('Short and sweet.')).toBe('Short and sweet.');
    expect(cardBio('x'.repeat(50))).toBe('x'.repeat(50));
  });

  it('cuts a longer bio to 50 characters plus "..."', () => {
    expect(cardBio('y'.repeat(51))).toBe(`${'y'.repeat(50)}...`);
  });

  it('counts characters, so an emoji is never split', () => {
    expect(cardBio(`${'🦉'.repeat(60)}`)).toBe(`${'🦉'.repeat(50)}...`);
  });
});
