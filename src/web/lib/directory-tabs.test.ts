import { describe, expect, it } from 'vitest';
import { explorerTabs, findTab, tabFilter } from './directory-tabs.js';

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
