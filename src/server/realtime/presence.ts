import { randomUUID } from 'node:crypto';
import type { RedisClientType } from 'redis';

/** Who came online or went offline everywhere (all processes) since the previous flush. */
export interface PresenceChanges {
  cameOnline: string[];
  wentOffline: string[];
}

/**
 * Who is online, counted by open tabs: a user goes offline only when their last tab closes. Tabs are
 * counted at once; other processes learn of them at the next flush, which the caller batches.
 */
export interface Presence {
  /** Counts a new tab of this process. */
  connect(userId: string): void;
  /** Counts a closed tab of this process. */
  disconnect(userId: string): void;
  /**
   * Shares this process's tab changes since the last flush and says whose presence changed everywhere.
   * A user whose tabs here all closed and reopened in between changed nothing, so tells nobody.
   */
  flush(): Promise<PresenceChanges>;
  /** The subset of `userIds` that is online (this process's tabs counted even before they are flushed). */
  onlineAmong(userIds: string[]): Promise<string[]>;
  /** Shares this process's whole state again, after the others may have lost it (Redis came back). */
  rejoin(): Promise<void>;
  close(): Promise<void>;
}

const NO_CHANGES: PresenceChanges = { cameOnline: [], wentOffline: [] };

/** Tab counts of this process's sockets, and which users it has last told the others it has tabs for. */
class LocalTabs {
  private readonly tabs = new Map<string, number>();
  /** Users with tabs here as last flushed: what other processes see. */
  readonly shared = new Set<string>();
  /** Users whose first tab opened or last tab closed here since the last flush. */
  private readonly touched = new Set<string>();

  add(userId: string): void {
    const n = (this.tabs.get(userId) ?? 0) + 1;
    this.tabs.set(userId, n);
    if (n === 1) this.touched.add(userId);
  }
  remove(userId: string): void {
    const n = this.tabs.get(userId);
    if (n === undefined) return;
    if (n > 1) return void this.tabs.set(userId, n - 1);
    this.tabs.delete(userId);
    this.touched.add(userId);
  }
  has(userId: string): boolean {
    return this.tabs.has(userId);
  }
  /** Who now has tabs here but was not shared (arrived) and the reverse (left); both count as shared from now on. */
  takeChanges(): { arrived: string[]; left: string[] } {
    const arrived: string[] = [];
    const left: string[] = [];
    for (const userId of this.touched) {
      const here = this.tabs.has(userId);
      if (here === this.shared.has(userId)) continue;
      if (here) {
        arrived.push(userId);
        this.shared.add(userId);
      } else {
        left.push(userId);
        this.shared.delete(userId);
      }
    }
    this.touched.clear();
    return { arrived, left };
  }
}

/** Presence for a single process. */
export function memoryPresence(): Presence {
  const local = new LocalTabs();
  // Sockets closing during shutdown change nothing anyone will hear of.
  let closed = false;
  return {
    connect: (userId) => local.add(userId),
    disconnect: (userId) => local.remove(userId),
    flush: async () => {
      if (closed) return NO_CHANGES;
      const { arrived, left } = local.takeChanges();
      return { cameOnline: arrived, wentOffline: left };
    },
    onlineAmong: async (userIds) => userIds.filter((id) => local.has(id)),
    rejoin: async () => {},
    close: async () => {
      closed = true;
    },
  };
}

const REGISTRY = 'presence:processes';
const HEARTBEAT_MS = 10_000;
const EXPIRY_S = 30;
const SENTINEL = '-';

/**
 * Applies a flush (ARGV: process id, expiry, number of arrived users, then the arrived users, then the
 * users that left) and returns {came online, went offline}: those no other process has tabs for.
 */
const FLUSH_SCRIPT = `
local own, registry = KEYS[1], KEYS[2]
local processId, expiry, arrivedCount = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local others = {}
for _, p in ipairs(redis.call('SMEMBERS', registry)) do
  if p ~= processId then table.insert(others, 'presence:process:' .. p) end
end
local came, went = {}, {}
for i = 4, #ARGV do
  local userId, arrived = ARGV[i], i < 4 + arrivedCount
  if arrived then redis.call('SADD', own, userId) else redis.call('SREM', own, userId) end
  local elsewhere = false
  for _, key in ipairs(others) do
    if redis.call('SISMEMBER', key, userId) == 1 then elsewhere = true break end
  end
  if not elsewhere then table.insert(arrived and came or went, userId) end
end
redis.call('EXPIRE', own, expiry)
return {came, went}
`;

/**
 * Presence shared by every process through Redis. Each process keeps the set of users it has
 * tabs for under its own key, refreshed by a heartbeat, so a crashed process's users expire with it.
 *
 * A flush is one Lua script: Redis runs scripts one at a time, so of two processes whose first tabs of a
 * user open at once exactly one announces them (and of two closing their last tabs, exactly one).
 *
 * While Redis is unreachable presence is this process's own: its changes are announced to its own users
 * and other processes count as empty. The heartbeat, or `rejoin` once Redis is back, shares the whole state.
 */
export async function redisPresence(redis: RedisClientType): Promise<Presence> {
  const local = new LocalTabs();
  const processId = randomUUID();
  const ownKey = `presence:process:${processId}`;

  let closed = false;
  const otherProcesses = async () => (await redis.sMembers(REGISTRY)).filter((p) => p !== processId);

  // The key is rewritten whole (atomically, in MULTI), so a change that failed to reach Redis heals here.
  // The sentinel keeps the key alive while this process has no users, so others can tell it is running.
  const refresh = async () => {
    await redis
      .multi()
      .sAdd(REGISTRY, processId)
      .del(ownKey)
      .sAdd(ownKey, [SENTINEL, ...local.shared])
      .expire(ownKey, EXPIRY_S)
      .exec();
    for (const other of await otherProcesses()) {
      if (!(await redis.exists(`presence:process:${other}`))) await redis.sRem(REGISTRY, other);
    }
  };
  await refresh();
  const heartbeat = setInterval(() => void refresh().catch(() => {}), HEARTBEAT_MS);
  heartbeat.unref();

  /** Which of `userIds` another process has a tab open for. */
  async function onlineElsewhere(userIds: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    if (userIds.length === 0) return found;
    const answers = await Promise.all(
      (await otherProcesses()).map((p) => redis.smIsMember(`presence:process:${p}`, userIds)),
    );
    for (const answer of answers) answer.forEach((hit, i) => hit && found.add(userIds[i] as string));
    return found;
  }

  return {
    connect: (userId) => local.add(userId),
    disconnect: (userId) => local.remove(userId),
    async flush() {
      // Sockets closing during shutdown change nothing shared: this process's key is removed as a whole.
      if (closed) return NO_CHANGES;
      const { arrived, left } = local.takeChanges();
      if (arrived.length === 0 && left.length === 0) return NO_CHANGES;
      try {
        const [cameOnline = [], wentOffline = []] = (await redis.eval(FLUSH_SCRIPT, {
          keys: [ownKey, REGISTRY],
          arguments: [processId, String(EXPIRY_S), String(arrived.length), ...arrived, ...left],
        })) as [string[]?, string[]?];
        return { cameOnline, wentOffline };
      } catch {
        return { cameOnline: arrived, wentOffline: left };
      }
    },
    async onlineAmong(userIds) {
      const elsewhere = await onlineElsewhere(userIds.filter((id) => !local.has(id))).catch(
        () => new Set<string>(),
      );
      return userIds.filter((id) => local.has(id) || elsewhere.has(id));
    },
    rejoin: refresh,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      // During an outage the key expires by itself.
      await redis
        .multi()
        .del(ownKey)
        .sRem(REGISTRY, processId)
        .exec()
        .catch(() => undefined);
    },
  };
}
