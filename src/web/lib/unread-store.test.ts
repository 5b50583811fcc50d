import { describe, expect, it, vi } from 'vitest';
import { setUnreadTotal, showOnAppBadge, titleWithUnread, useUnreadTotal } from './unread-store.js';

describe('the unread count at a glance', () => {
  it('leads the title with the count, and leaves it alone at 0', () => {
    expect(titleWithUnread('Simplified', 3)).toBe('(3) Simplified');
    expect(titleWithUnread('Messages · Simplified', 12)).toBe('(12) Messages · Simplified');
    expect(titleWithUnread('Simplified', 0)).toBe('Simplified');
  });

  it('sets the app badge to the count and clears it at 0', () => {
    const badging = {
      setAppBadge: vi.fn(() => Promise.resolve()),
      clearAppBadge: vi.fn(() => Promise.resolve()),
    };
    showOnAppBadge(4, badging);
    expect(badging.setAppBadge).toHaveBeenCalledWith(4);
    showOnAppBadge(0, badging);
    expect(badging.clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('leaves browsers without the App Badging API alone, and shrugs off a refused badge', async () => {
    expect(() => showOnAppBadge(2, {})).not.toThrow();
    const refusing = { setAppBadge: vi.fn(() => Promise.reject(new Error('not installed'))) };
    showOnAppBadge(2, refusing);
    await Promise.resolve();
    expect(refusing.setAppBadge).toHaveBeenCalledWith(2);
  });

  it('records a new total once, for the titles and the badge', () => {
    const setAppBadge = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'setAppBadge', { configurable: true, value: setAppBadge });
    try {
      setUnreadTotal(5);
      setUnreadTotal(5);
      expect(useUnreadTotal.getState().total).toBe(5);
      expect(setAppBadge).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'setAppBadge');
    }
  });
});
