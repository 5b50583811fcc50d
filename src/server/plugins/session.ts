import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS } from '../../contracts/errors.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import type { LiveSession, SessionsService } from '../modules/accounts/sessions.service.js';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    session: LiveSession | undefined;
    /** The signed-in user; only routes behind requireSignIn read it (anywhere else it answers 401). */
    readonly user: UserRow;
  }
}

export interface CookiePolicy {
  secure: boolean;
}

/** Writes the session cookie: httpOnly, SameSite=Lax, Secure behind https. */
export function setSessionCookie(
  reply: FastifyReply,
  policy: CookiePolicy,
  token: string,
  expires: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: policy.secure,
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply, policy: CookiePolicy): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: policy.secure });
}

/**
 * The onRequest hook of every protected route group: everyone without a live session gets 401 before their
 * body is even parsed, so no handler can forget to check.
 */
async function requireSignIn(request: FastifyRequest): Promise<void> {
  if (!request.session) throw new HttpError(401, ERRORS.notSignedIn);
}

/** A routes plugin whose every route is for signed-in people only; register it with app.register. */
export function signedInOnly<O extends Record<string, unknown>>(
  routes: FastifyPluginAsync<O>,
): FastifyPluginAsync<O> {
  return async (app, opts) => {
    app.addHook('onRequest', requireSignIn);
    await routes(app, opts);
  };
}

/** Resolves the session cookie of every API request into request.session. */
export function registerSessions(
  app: FastifyInstance,
  sessions: SessionsService,
  policy: CookiePolicy,
): void {
  app.decorateRequest('session', undefined);
  app.decorateRequest('user', {
    getter(this: FastifyRequest): UserRow {
      if (!this.session) throw new HttpError(401, ERRORS.notSignedIn);
      return this.session.user;
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const live = await sessions.resolve(token);
    if (!live) {
      clearSessionCookie(reply, policy);
      return;
    }
    request.session = live;
    if (live.renewedUntil) setSessionCookie(reply, policy, token, live.renewedUntil);
  });
}
