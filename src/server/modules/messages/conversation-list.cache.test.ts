import { describe, expect, it } from 'vitest';
import { conversationListCache } from './conversation-list.cache.js';

function deferred() {
  let resolve!: (value: string) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('conversationListCache', () => {
  it('builds a list once and serves it until that person is forgotten', async () => {
    const cache = conversationListCache<string>();
    let loads = 0;
    const load = () => Promise.resolve(`list ${++loads}`);
    expect(await cache.read('ada', load)).toBe('list 1');
    expect(await cache.read('ada', load)).toBe('list 1');
    cache.forget('bob');
    expect(await cache.read('ada', load)).toBe('list 1');
    cache.forget('bob', 'ada');
    expect(await cache.read('ada', load)).toBe('list 2');
    cache.forgetAll();
    expect(await cache.read('ada', load)).toBe('list 3');
  });

  it('shares one load among readers who ask while it runs', async () => {
    const cache = conversationListCache<string>();
    const pending = deferred();
    let loads = 0;
    const load = () => {
      loads += 1;
      return pending.promise;
    };
    const both = Promise.all([cache.read('ada', load), cache.read('ada', load)]);
    pending.resolve('list');
    expect(await both).toEqual(['list', 'list']);
    expect(loads).toBe(1);
  });

  it('does not keep a list read before a change that was committed while it was being read', async () => {
    const cache = conversationListCache<string>();
    const before = deferred();
    const early = cache.read('ada', () => before.promise);
    // The change commits now, while the early read may still see the old rows.
    cache.forget('ada');
    // Someone asking after the commit starts a fresh read rather than joining the early one.
    const after = cache.read('ada', () => Promise.resolve('after'));
    before.resolve('before');
    expect(await early).toBe('before');
    expect(await after).toBe('after');
    expect(await cache.read('ada', () => Promise.resolve('unused'))).toBe('after');
  });

  it('does not keep a list whose load failed, and the next reader tries again', async () => {
    const cache = conversationListCache<string>();
    const failing = deferred();
    const first = cache.read('ada', () => failing.promise);
    failing.reject(new Error('database away'));
    await expect(first).rejects.toThrow('database away');
    expect(await cache.read('ada', () => Promise.resolve('fresh'))).toBe('fresh');
  });

  it('keeps at most maxLists lists, dropping the least recently read', async () => {
    const cache = conversationListCache<string>({ enabled: true, maxLists: 2 });
    const loads: string[] = [];
    const load = (id: string) => () => {
      loads.push(id);
      return Promise.resolve(id);
    };
    await cache.read('a', load('a'));
    await cache.read('b', load('b'));
    await cache.read('a', load('a'));
    await cache.read('c', load('c'));
    await cache.read('a', load('a'));
    await cache.read('b', load('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('reads a list afresh once it is older than maxAgeMs, for changes made outside the app', async () => {
    let clock = 0;
    const cache = conversationListCache<string>({ enabled: true, maxAgeMs: 60_000, now: () => clock });
    let loads = 0;
    const load = () => Promise.resolve(`list ${++loads}`);
    await cache.read('ada', load);
    clock = 59_999;
    expect(await cache.read('ada', load)).toBe('list 1');
    clock = 60_000;
    expect(await cache.read('ada', load)).toBe('list 2');
  });

  it('switched off, every read loads', async () => {
    const cache = conversationListCache<string>({ enabled: false });
    let loads = 0;
    const load = () => Promise.resolve(`list ${++loads}`);
    await cache.read('ada', load);
    expect(await cache.read('ada', load)).toBe('list 2');
  });
});
