import { describe, expect, it } from 'vitest';
import { rowsCache } from './rows-cache.js';

const row = (name: string) => ({ name });

describe('rowsCache', () => {
  it('keeps a found row until it is forgotten, and reads again after', async () => {
    const cache = rowsCache<{ name: string }>({ changedElsewhere: () => 1 });
    let reads = 0;
    const load = async () => (reads++, row(`v${reads}`));
    expect(await cache.read('a', 0, load)).toEqual({ name: 'v1' });
    expect(await cache.read('a', 1, load)).toEqual({ name: 'v1' });
    cache.forget();
    expect(await cache.read('a', 2, load)).toEqual({ name: 'v2' });
    expect(reads).toBe(2);
  });

  it('forgets everything once the database was written from elsewhere', async () => {
    let version = 1;
    const cache = rowsCache<{ name: string }>({ changedElsewhere: () => version });
    let reads = 0;
    const load = async () => (reads++, row(`v${reads}`));
    await cache.read('a', 0, load);
    version = 2;
    expect(await cache.read('a', 1, load)).toEqual({ name: 'v2' });
  });

  it('does not keep a row whose read was under way when it was forgotten', async () => {
    const cache = rowsCache<{ name: string }>({ changedElsewhere: () => 1 });
    let release: () => void = () => {};
    const slow = cache.read('a', 0, () => new Promise((resolve) => (release = () => resolve(row('old')))));
    cache.forget();
    release();
    expect(await slow).toEqual({ name: 'old' });
    expect(await cache.read('a', 1, async () => row('new'))).toEqual({ name: 'new' });
  });

  it('keeps nothing without a way to notice writes from elsewhere, nor a row that was not found', async () => {
    const off = rowsCache<{ name: string }>({});
    let reads = 0;
    await off.read('a', 0, async () => (reads++, row('x')));
    await off.read('a', 1, async () => (reads++, row('x')));
    expect(reads).toBe(2);
    const on = rowsCache<{ name: string }>({ changedElsewhere: () => 1 });
    expect(await on.read('missing', 0, async () => undefined)).toBeUndefined();
    expect(await on.read('missing', 1, async () => row('made'))).toEqual({ name: 'made' });
  });

  it('reads again once a row is older than freshMs, and drops the oldest past max', async () => {
    const cache = rowsCache<{ name: string }>({ changedElsewhere: () => 1, freshMs: 10, max: 2 });
    await cache.read('a', 0, async () => row('a1'));
    expect(cache.get('a', 9)).toEqual({ name: 'a1' });
    expect(cache.get('a', 10)).toBeUndefined();
    await cache.read('b', 0, async () => row('b'));
    await cache.read('c', 0, async () => row('c'));
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toEqual({ name: 'c' });
  });
});
