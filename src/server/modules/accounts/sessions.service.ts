import { createHash, randomBytes } from 'node:crypto';
import type { UserRow } from '../../db/schema.js';
import type { SessionsRepository } from './sessions.repository.js';

export interface LiveSession {
  user: UserRow;
  tokenHash: string;
  /** Set when the expiry moved forward and the cookie must be sent again. */
  renewedUntil: Date | undefined;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Opaque-token sessions (DESIGN §2): the browser holds the token, the database only its hash. */
export function sessionsService(repo: SessionsRepository, ttlSeconds: number) {
  const ttlMs = ttlSeconds * 1000;
  return {
    async start(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      const expiresAt = new Date(now + ttlMs);
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
      let renewedUntil: Date | undefined;
      if (Date.parse(found.session.expiresAt) - now < ttlMs / 2) {
        renewedUntil = new Date(now + ttlMs);
        await repo.extend(tokenHash, renewedUntil.toISOString());
      }
      return { user: found.user, tokenHash, renewedUntil };
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
