import { hash, randomBytes } from 'node:crypto';
import type { UserRow } from '../../db/schema.js';
import { rowsCache } from '../../performance/rows-cache.js';
import type { SessionsRepository } from './sessions.repository.js';

export interface LiveSession {
  user: UserRow;
  tokenHash: string;
  /** When the session ends unless it is used (and slid forward) before then. */
  expiresAt: Date;
  /** Set when the expiry moved forward and the cookie must be sent again. */
  renewedUntil: Date | undefined;
}

// Every API call hashes its session cookie. The one-shot hash skips the Hash object createHash builds: 0.5–0.8 µs
// a call against 1.3–1.8 µs here, and the same digest (sessions.test.ts checks it against createHash's).
function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

export interface SessionLifetimes {
  /** Idle lifetime: a session unused this long ends; use past half of it slides it forward. */
  ttlSeconds: number;
  /** Absolute lifetime from sign-in: sliding never takes a session past it. */
  maxAgeSeconds: number;
}

/** Sessions that ended, told to every process so none keeps serving them from its cache. */
export type Revocation = { tokenHash: string } | { userId: string; keepTokenHash: string };

interface CachedSession {
  userId: string;
  createdAt: number;
  expiresAt: number;
  /** Re-read from the database after this, whatever happens, to bound what a missed revocation costs. */
  freshUntil: number;
}

const CACHE_FRESH_MS = 60_000;
const CACHE_MAX = 100_000;

export interface SessionCacheOptions {
  /**
   * Given, users' rows are kept too (reading one cost about a fifth of a cached API call): a number that changes
   * whenever the database was written other than by this process (Db.writesElsewhere), so that a change made
   * outside it (an operator freezing an account) is seen at once. This process's own profile changes call
   * forgetUsers.
   */
  usersChangedElsewhere?: () => number;
}

/**
 * Opaque-token sessions (DESIGN §2): the browser holds the token, the database only its hash.
 * Every API request resolves its cookie, so the session rows are cached in memory, and, on SQLite in a single
 * process, their users' rows (forgotten at once when a profile changes or the database is written from outside,
 * so a frozen or renamed account is seen at once either way).
 * Logging out and "sign out other sessions" drop the entries here at once and, through `onRevoked`, in every
 * process.
 */
export function sessionsService(
  repo: SessionsRepository,
  lifetimes: SessionLifetimes,
  options: SessionCacheOptions = {},
) {
  const ttlMs = lifetimes.ttlSeconds * 1000;
  const maxAgeMs = lifetimes.maxAgeSeconds * 1000;
  const cache = new Map<string, CachedSession>();
  const users = rowsCache<UserRow>({
    changedElsewhere: options.usersChangedElsewhere,
    freshMs: CACHE_FRESH_MS,
    max: CACHE_MAX,
  });
  const revocationListeners: Array<(revocation: Revocation) => void> = [];

  function userOf(userId: string, now: number): Promise<UserRow | undefined> {
    return users.read(userId, now, () => repo.findUser(userId));
  }

  function remember(tokenHash: string, entry: CachedSession): void {
    cache.delete(tokenHash);
    // Maps iterate in insertion order, so the first key is the entry refreshed longest ago.
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value ?? '');
    cache.set(tokenHash, entry);
  }

  function forget(revocation: Revocation): void {
    if ('tokenHash' in revocation) {
      cache.delete(revocation.tokenHash);
      return;
    }
    for (const [hash, entry] of cache) {
      if (entry.userId === revocation.userId && hash !== revocation.keepTokenHash) cache.delete(hash);
    }
  }

  function revoke(revocation: Revocation): void {
    forget(revocation);
    for (const listener of revocationListeners) listener(revocation);
  }

  /** The session row for a hash, from the cache while fresh, else from the database. */
  async function lookup(
    tokenHash: string,
    now: number,
  ): Promise<{ session: CachedSession; user: UserRow } | undefined> {
    const cached = cache.get(tokenHash);
    if (cached && cached.freshUntil > now && cached.expiresAt > now) {
      const user = await userOf(cached.userId, now);
      return user ? { session: cached, user } : undefined;
    }
    cache.delete(tokenHash);
    const started = users.readStarts();
    const found = await repo.findLive(tokenHash, new Date(now).toISOString());
    if (!found) return undefined;
    users.keep(found.user.id, found.user, now, started);
    const session = {
      userId: found.session.userId,
      createdAt: Date.parse(found.session.createdAt),
      expiresAt: Date.parse(found.session.expiresAt),
      freshUntil: now + CACHE_FRESH_MS,
    };
    remember(tokenHash, session);
    return { session, user: found.user };
  }

  return {
    async start(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      const expiresAt = new Date(now + Math.min(ttlMs, maxAgeMs));
      await repo.insert({
        tokenHash: hashToken(token),
        userId,
        createdAt: new Date(now).toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      return { token, expiresAt };
    },

    /** Resolves a cookie token to its user; a session past half its life slides forward. */
    async resolve(token: string): Promise<LiveSession | undefined> {
      const tokenHash = hashToken(token);
      const now = Date.now();
      const found = await lookup(tokenHash, now);
      if (!found || found.user.isFrozen || found.user.isAi) return undefined;
      const { session } = found;
      // Also when SESSION_MAX_AGE was lowered after the session began.
      if (session.createdAt + maxAgeMs <= now) return undefined;
      let renewedUntil: Date | undefined;
      const until = Math.min(now + ttlMs, session.createdAt + maxAgeMs);
      if (session.expiresAt - now < ttlMs / 2 && until > session.expiresAt) {
        renewedUntil = new Date(until);
        await repo.extend(tokenHash, renewedUntil.toISOString());
        session.expiresAt = until;
      }
      return { user: found.user, tokenHash, renewedUntil, expiresAt: new Date(session.expiresAt) };
    },

    /** When a session ends now (it may have slid forward since it was resolved), or undefined when it has ended. */
    async expiryOf(tokenHash: string): Promise<Date | undefined> {
      const now = Date.now();
      const found = await lookup(tokenHash, now);
      if (!found || found.user.isFrozen || found.user.isAi) return undefined;
      const until = Math.min(found.session.expiresAt, found.session.createdAt + maxAgeMs);
      return until > now ? new Date(until) : undefined;
    },

    async end(tokenHash: string): Promise<void> {
      await repo.delete(tokenHash);
      revoke({ tokenHash });
    },

    /** Signs the user out everywhere except the session that asked. */
    async endOthers(userId: string, keepTokenHash: string): Promise<void> {
      await repo.deleteOthers(userId, keepTokenHash);
      revoke({ userId, keepTokenHash });
    },

    /** Hears every revocation made in this process (to pass it on to the others). */
    onRevoked(listener: (revocation: Revocation) => void): void {
      revocationListeners.push(listener);
    },

    /** Applies a revocation made in another process. */
    forget,

    /** Someone's profile changed: every cached user row is read again (profile edits are rare). */
    forgetUsers: users.forget,

    async sweepExpired(): Promise<void> {
      await repo.deleteExpired(new Date().toISOString());
    },
  };
}

export type SessionsService = ReturnType<typeof sessionsService>;
