import { randomUUID } from 'node:crypto';
import type { RedisClientType } from 'redis';

/** Who is online, counted by open tabs: a user goes offline only when their last tab closes. */
export interface Presence {
  /** Counts a new tab; true when this made the user online. */
  connect(userId: string): Promise<boolean>;
  /** Counts a closed tab; true when this made the user offline. */
  disconnect(userId: string): Promise<boolean>;
  /** The subset of `userIds` that is online. */
  onlineAmong(userIds: string[]): Promise<string[]>;
  close(): Promise<void>;
}

/** Tab counts of this process's sockets. */
class LocalTabs {
  private readonly tabs = new Map<string, number>();
  add(userId: string): boolean {
    const n = (this.tabs.get(userId) ?? 0) + 1;
    this.tabs.set(userId, n);
    return n === 1;
  }
  remove(userId: string): boolean {
    const n = (this.tabs.get(userId) ?? 0) - 1;
    if (n > 0) {
      this.tabs.set(userId, n);
      return false;
    }
    this.tabs.delete(userId);
    return true;
  }
  has(userId: string): boolean {
    return this.tabs.has(userId);
  }
  users(): string[] {
    return [...this.tabs.keys()];
  }
}

/** Presence for a single process. */
export function memoryPresence(): Presence {
  const local = new LocalTabs();
  return {
    connect: async (userId) => local.add(userId),
    disconnect: async (userId) => local.remove(userId),
    onlineAmong: async (userIds) => userIds.filter((id) => local.has(id)),
    close: async () => {},
  };
}

const REGISTRY = 'presence:processes';
const HEARTBEAT_MS = 10_000;
const EXPIRY_S = 30;
const SENTINEL = '-';

/**
 * Presence shared by every process through Redis. Each process keeps the set of users it has
 * tabs for under its own key, refreshed by a heartbeat, so a crashed process's users expire with it.
 */
export async function redisPresence(redis: RedisClientType): Promise<Presence> {
  const local = new LocalTabs();
  const processId = randomUUID();
  const ownKey = `presence:process:${processId}`;

  let closed = false;
  const otherProcesses = async () => (await redis.sMembers(REGISTRY)).filter((p) => p !== processId);

  // The sentinel keeps the key alive while this process has no users, so others can tell it is running.
  const refresh = async () => {
    await redis
      .multi()
      .sAdd(REGISTRY, processId)
      .sAdd(ownKey, [SENTINEL, ...local.users()])
      .expire(ownKey, EXPIRY_S)
      .exec();
    for (const other of await otherProcesses()) {
      if (!(await redis.exists(`presence:process:${other}`))) await redis.sRem(REGISTRY, other);
    }
  };
  await refresh();
  const heartbeat = setInterval(() => void refresh().catch(() => {}), HEARTBEAT_MS);
  heartbeat.unref();

  /** Whether another process has a tab open for this user. */
  async function onlineElsewhere(userId: string): Promise<boolean> {
    const hits = await Promise.all(
      (await otherProcesses()).map((p) => redis.sIsMember(`presence:process:${p}`, userId)),
    );
    return hits.some(Boolean);
  }

  return {
    async connect(userId) {
      if (!local.add(userId) || closed) return false;
      await redis.multi().sAdd(ownKey, userId).expire(ownKey, EXPIRY_S).exec();
      return !(await onlineElsewhere(userId));
    },
    async disconnect(userId) {
      // Sockets closing during shutdown change nothing shared: this process's key is removed as a whole.
      if (!local.remove(userId) || closed) return false;
      await redis.sRem(ownKey, userId);
      return !(await onlineElsewhere(userId));
    },
    async onlineAmong(userIds) {
      if (userIds.length === 0) return [];
      const online = new Set(userIds.filter((id) => local.has(id)));
      const answers = await Promise.all(
        (await otherProcesses()).map((p) => redis.smIsMember(`presence:process:${p}`, userIds)),
      );
      for (const answer of answers) answer.forEach((hit, i) => hit && online.add(userIds[i] as string));
      return userIds.filter((id) => online.has(id));
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      await redis.multi().del(ownKey).sRem(REGISTRY, processId).exec();
    },
  };
}
