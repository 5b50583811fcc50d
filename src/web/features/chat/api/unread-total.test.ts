import { describe, expect, it } from 'vitest';
import { unreadTotal } from './unread-total.js';

describe('the inbox unread total', () => {
  it('adds up DMs and rooms, leaving muted ones out (a mute means "do not announce")', () => {
    const conversations = [
      { unreadCount: 2, muted: false },
      { unreadCount: 7, muted: true },
      { unreadCount: 0, muted: false },
    ];
    const rooms = [
      { unreadCount: 1, muted: false },
      { unreadCount: 4, muted: true },
    ];
    expect(unreadTotal(conversations, rooms)).toBe(3);
  });

  it('is 0 before the lists have come', () => {
    expect(unreadTotal(undefined, undefined)).toBe(0);
  });
});
