export interface RowsCacheOptions {
  /**
   * A number that changes whenever the database was written other than by this process (Db.writesElsewhere),
   * so a change made outside it (an operator freezing an account) is seen at once. Without it nothing is kept:
   * several processes write one database and a cache would only hear its own process's changes.
   */
  changedElsewhere?: () => number;
  /** A kept row is read again after this long, whatever happens. */
  freshMs?: number;
  max?: number;
}

/**
 * Database rows kept in memory by key, for reads on every request or message whose rows rarely change. This
 * process's own writes to them call `forget`; writes from elsewhere are noticed through `changedElsewhere`.
 * A row read while a `forget` happened is returned but not kept, so a read from before a change is never
 * served after it.
 */
export function rowsCache<R>({ changedElsewhere, freshMs = 60_000, max = 100_000 }: RowsCacheOptions) {
  const rows = new Map<string, { row: R; freshUntil: number }>();
  let generation = 0;
  let seenVersion = changedElsewhere?.();

  function forget(): void {
    rows.clear();
    generation += 1;
  }

  /** Forgets every kept row when the database was written from outside since the last look. */
  function noticeWritesElsewhere(): void {
    const version = changedElsewhere?.();
    if (version === seenVersion) return;
    seenVersion = version;
    forget();
  }

  /** The kept row for `key`, if fresh at `now`. */
  function get(key: string, now: number): R | undefined {
    const kept = rows.get(key);
    return kept && kept.freshUntil > now ? kept.row : undefined;
  }

  /** Keeps `row`, frozen (every reader shares it), unless caching is off or a forget came after `started`. */
  function keep(key: string, row: R, now: number, started: number): void {
    if (!changedElsewhere || started !== generation) return;
    rows.delete(key);
    // Maps iterate in insertion order, so the first key is the row kept longest ago.
    if (rows.size >= max) rows.delete(rows.keys().next().value ?? '');
    rows.set(key, { row: Object.freeze(row), freshUntil: now + freshMs });
  }

  return {
    forget,
    get,
    keep,
    /** Taken before a read from the database, for `keep`. */
    readStarts: (): number => generation,

    /** The row for `key`: the kept one, or `load`'s (kept when found). */
    async read(key: string, now: number, load: () => Promise<R | undefined>): Promise<R | undefined> {
      noticeWritesElsewhere();
      const kept = get(key, now);
      if (kept) return kept;
      const started = generation;
      const row = await load();
      if (row) keep(key, row, now, started);
      return row;
    },
  };
}

export type RowsCache<R> = ReturnType<typeof rowsCache<R>>;
