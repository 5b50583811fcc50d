import type { FastifyInstance } from 'fastify';
import { LoginRequest, SignupRequest, UpdateUserRequest } from '../../../contracts/users.js';
import { parseInput } from '../../lib/http-error.js';
import type { Limiter } from '../../lib/limits.js';
import { rateLimited } from '../../plugins/rate-limited.js';
import {
  clearSessionCookie,
  signedInOnly,
  setSessionCookie,
  type CookiePolicy,
} from '../../plugins/session.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { BlocksService } from '../safety/blocks.service.js';
import type { AccountsService } from './accounts.service.js';
import type { SessionsService } from './sessions.service.js';
import { toProfile, toSelfUser } from './user-view.js';

export interface AccountsRoutesDeps {
  accounts: AccountsService;
  sessions: SessionsService;
  cookies: CookiePolicy;
  realtime: RealtimeEmitter;
  /** Sign-up and log-in attempts per client address, each call on its own (AUTH_RATE_LIMIT a minute). */
  signIns: Limiter;
  blocks: Pick<BlocksService, 'setsOf'>;
}

// A 2 MB picture grows by a third as base64, plus the other fields.
const UPDATE_BODY_LIMIT = 3 * 1024 * 1024;

/** SPEC §7 account calls under /api/users. */
export async function accountsRoutes(app: FastifyInstance, deps: AccountsRoutesDeps): Promise<void> {
  const { accounts, sessions, cookies } = deps;
  // request.ip is the client's own address behind a trusted proxy (TRUST_PROXY), the peer's otherwise.
  const authLimit = rateLimited(deps.signIns, {
    key: (request) => `${request.routeOptions.url}:${request.ip}`,
  });

  async function signIn(reply: Parameters<typeof setSessionCookie>[0], userId: string) {
    const { token, expiresAt } = await sessions.start(userId);
    setSessionCookie(reply, cookies, token, expiresAt);
  }

  app.post('/api/users/signup', authLimit, async (request, reply) => {
    const user = await accounts.signup(parseInput(SignupRequest, request.body));
    await signIn(reply, user.id);
    request.log.info({ userId: user.id }, 'signed up');
    return reply.status(201).send(toSelfUser(user));
  });

  app.post('/api/users/login', authLimit, async (request, reply) => {
    const user = await accounts.login(parseInput(LoginRequest, request.body));
    await signIn(reply, user.id);
    return toSelfUser(user);
  });

  app.post('/api/users/logout', async (request, reply) => {
    if (request.session) {
      await sessions.end(request.session.tokenHash);
      deps.realtime.endSession(request.session.tokenHash);
    }
    clearSessionCookie(reply, cookies);
    return { message: 'Logged out' };
  });

  // Everything below is for signed-in people only.
  await app.register(
    signedInOnly(async (signedIn) => {
      signedIn.get('/api/users/me', async (request) => toSelfUser(request.user));

      signedIn.get<{ Params: { query: string } }>('/api/users/profile/:query', async (request) => {
        const viewer = request.user;
        const profile = await accounts.profile(request.params.query, viewer);
        // Only a person can be blocked: a persona's profile needs no look at the viewer's blocks.
        const blocked = profile.isAi === 0 && (await deps.blocks.setsOf(viewer.id)).blocked.has(profile.id);
        return toProfile(profile, viewer, blocked);
      });

      signedIn.put<{ Params: { id: string } }>(
        '/api/users/update/:id',
        { bodyLimit: UPDATE_BODY_LIMIT },
        async (request) => {
          const viewer = request.user;
          const input = parseInput(UpdateUserRequest, request.body);
          const { user, passwordChanged } = await accounts.update(viewer, request.params.id, input);
          const session = request.session;
          if (passwordChanged && session) {
            await sessions.endOthers(user.id, session.tokenHash);
            deps.realtime.endOtherSessions(user.id, session.tokenHash);
          }
          return toSelfUser(user);
        },
      );
    }),
  );
}
