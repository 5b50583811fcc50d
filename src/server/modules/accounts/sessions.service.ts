import { createHash, randomBytes } from 'node:crypto';
import type { UserRow } from '../../db/schema.js';
import type { SessionsRepository } from './sessions.repository.js';

export interface LiveSession {
  user: UserRow;
  tokenHash: string;
  /** When the session ends unless it is used (and slid forward) before then. */
  expiresAt: Date;
  /** Set when the expiry moved forward and the cookie must be sent again. */
  renewedUntil: Date | undefined;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface SessionLifetimes {
  /** Idle lifetime: a session unused this long ends; use past half of it slides it forward. */
  ttlSeconds: number;
  /** Absolute lifetime from sign-in: sliding never takes a session past it. */
  maxAgeSeconds: number;
}

/** Opaque-token sessions (DESIGN §2): the browser holds the token, the database only its hash. */
export function sessionsService(repo: SessionsRepository, lifetimes: SessionLifetimes) {
  const ttlMs = lifetimes.ttlSeconds * 1000;
  const maxAgeMs = lifetimes.maxAgeSeconds * 1000;
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
      const found = await repo.findLive(tokenHash, new Date(now).toISOString());
      if (!found || found.user.isFrozen || found.user.isAi) return undefined;
      // Also when SESSION_MAX_AGE was lowered after the session began.
      if (Date.parse(found.session.createdAt) + maxAgeMs <= now) return undefined;
      let renewedUntil: Date | undefined;
      const expiresAt = Date.parse(found.session.expiresAt);
      const until = Math.min(now + ttlMs, Date.parse(found.session.createdAt) + maxAgeMs);
      if (expiresAt - now < ttlMs / 2 && until > expiresAt) {
        renewedUntil = new Date(until);
        await repo.extend(tokenHash, renewedUntil.toISOString());
      }
      return { user: found.user, tokenHash, renewedUntil, expiresAt: renewedUntil ?? new Date(expiresAt) };
    },

    /** When a session ends now (it may have slid forward since it was resolved), or undefined when it has ended. */
    async expiryOf(tokenHash: string): Promise<Date | undefined> {
      const now = Date.now();
      const found = await repo.findLive(tokenHash, new Date(now).toISOString());
      if (!found || found.user.isFrozen || found.user.isAi) return undefined;
      const until = Math.min(
        Date.parse(found.session.expiresAt),
        Date.parse(found.session.createdAt) + maxAgeMs,
      );
      return until > now ? new Date(until) : undefined;
    },

    async end(tokenHash: string): Promise<void> {
      await repo.delete(tokenHash);
    },

    /** Signs the user out everywhere except the session that asked. */
    async endOthers(userId: string, keepTokenHash: string): Promise<void> {
      await repo.deleteOthers(userId, keepTokenHash);
    },

    async sweepExpired(): Promise<void> {
      await repo.deleteExpired(new Date().toISOString());
    },
  };
}

export type SessionsService = ReturnType<typeof sessionsService>;
