import { describe, expect, it } from 'vitest';
import { memoryPresence } from './presence.js';

const NOTHING = { cameOnline: [], wentOffline: [] };

describe('memory presence', () => {
  it('counts tabs and reports only net changes at a flush', async () => {
    const presence = memoryPresence();
    presence.connect('ada');
    presence.connect('ada');
    presence.connect('bob');
    expect(await presence.flush()).toEqual({ cameOnline: ['ada', 'bob'], wentOffline: [] });
    presence.disconnect('ada');
    expect(await presence.flush()).toEqual(NOTHING);
    presence.disconnect('ada');
    expect(await presence.onlineAmong(['ada', 'bob', 'eve'])).toEqual(['bob']);
    expect(await presence.flush()).toEqual({ cameOnline: [], wentOffline: ['ada'] });
  });

  it('a last tab that closes and reopens between flushes changes nothing', async () => {
    const presence = memoryPresence();
    presence.connect('ada');
    await presence.flush();
    presence.disconnect('ada');
    presence.connect('ada');
    expect(await presence.flush()).toEqual(NOTHING);
    presence.connect('bob');
    presence.disconnect('bob');
    expect(await presence.flush()).toEqual(NOTHING);
  });
});
