/**
 * Each person's conversation list, as the JSON the API sends, kept until something it shows changes.
 *
 * The list is read far more often than it changes (every page load and reconnect reads it; only a
 * message, a seen mark, a context change or someone's profile edit changes it), and building it costs a
 * join over all of a person's conversations plus a serialisation. Writers call `forget` *after* their
 * commit; a load that was under way when its person was forgotten is handed to its callers but not kept,
 * because it may have read the rows from before the commit.
 *
 * The cache only knows this process's writes, so it is switched off when several processes share the
 * database (REDIS_URL set): there every read goes to the database. A list is also read afresh once it is a
 * minute old, which bounds how long a change made outside the app (an operator freezing an account in the
 * database) stays unseen.
 */
export interface ConversationListCache<List = Buffer> {
  /** The cached list of `userId`, or what `load` builds (one load per person at a time). */
  read(userId: string, load: () => Promise<List>): Promise<List>;
  /** These people's lists changed (call after the change is committed). */
  forget(...userIds: readonly string[]): void;
  /** Something every list may show changed (a name, a picture). */
  forgetAll(): void;
}

const DEFAULT_MAX_LISTS = 10_000;
const DEFAULT_MAX_AGE_MS = 60_000;

interface CachedList<List> {
  json: List;
  readAt: number;
}

export function conversationListCache<List = Buffer>(
  options: { enabled: boolean; maxLists?: number; maxAgeMs?: number; now?: () => number } = { enabled: true },
): ConversationListCache<List> {
  const maxLists = options.maxLists ?? DEFAULT_MAX_LISTS;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const lists = new Map<string, CachedList<List>>();
  const loading = new Map<string, Promise<List>>();

  function keep(userId: string, list: CachedList<List>): void {
    // Maps iterate in insertion order: re-inserting on use makes the first key the least recently used.
    lists.delete(userId);
    lists.set(userId, list);
    if (lists.size > maxLists) lists.delete(lists.keys().next().value as string);
  }

  if (!options.enabled) {
    return { read: (_userId, load) => load(), forget: () => undefined, forgetAll: () => undefined };
  }

  return {
    read(userId, load) {
      const cached = lists.get(userId);
      if (cached !== undefined && now() - cached.readAt < maxAgeMs) {
        keep(userId, cached);
        return Promise.resolve(cached.json);
      }
      const pending = loading.get(userId);
      if (pending) return pending;
      const readAt = now();
      const started = load().then(
        (json) => {
          // Still ours only if no write forgot this person while the rows were being read.
          if (loading.get(userId) === started) {
            loading.delete(userId);
            keep(userId, { json, readAt });
          }
          return json;
        },
        (error: unknown) => {
          if (loading.get(userId) === started) loading.delete(userId);
          throw error;
        },
      );
      loading.set(userId, started);
      return started;
    },
    forget(...userIds) {
      for (const id of userIds) {
        lists.delete(id);
        loading.delete(id);
      }
    },
    forgetAll() {
      lists.clear();
      loading.clear();
    },
  };
}
