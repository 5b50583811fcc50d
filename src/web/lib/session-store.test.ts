import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildSelfUser } from '../test/fixtures.js';
import { mockApi } from '../test/fetch-mock.js';

// The store reads storage when its module loads, so each test imports a fresh copy.
async function freshModules() {
  vi.resetModules();
  const session = await import('./session-store.js');
  const api = await import('./api-client.js');
  return { ...session, ...api };
}

describe('session store', () => {
  beforeEach(() => window.localStorage.clear());

  it('starts from the user stored under the single key "me"', async () => {
    const user = buildSelfUser();
    window.localStorage.setItem('me', JSON.stringify(user));
    const { useSession } = await freshModules();
    expect(useSession.getState().user).toEqual(user);
  });

  it('discards and clears invalid JSON', async () => {
    window.localStorage.setItem('me', '{not json');
    const { useSession } = await freshModules();
    expect(useSession.getState().user).toBeNull();
    expect(window.localStorage.getItem('me')).toBeNull();
  });

  it('discards JSON that is not a SelfUser', async () => {
    window.localStorage.setItem('me', JSON.stringify({ username: 'ada' }));
    const { useSession } = await freshModules();
    expect(useSession.getState().user).toBeNull();
    expect(window.localStorage.getItem('me')).toBeNull();
  });

  it('signIn stores the user as JSON and sets the landing page; signOut removes both', async () => {
    const { useSession, LANDING_AFTER_SIGN_IN } = await freshModules();
    const user = buildSelfUser();
    useSession.getState().signIn(user);
    expect(JSON.parse(window.localStorage.getItem('me') ?? 'null')).toEqual(user);
    expect(useSession.getState().landing).toBe(LANDING_AFTER_SIGN_IN);

    useSession.getState().signOut();
    expect(useSession.getState().user).toBeNull();
    expect(window.localStorage.getItem('me')).toBeNull();
  });

  it('signs out on the client when any API call answers 401', async () => {
    window.localStorage.setItem('me', JSON.stringify(buildSelfUser()));
    const { useSession, apiRequest, ApiError } = await freshModules();
    mockApi(() => ({ status: 401, body: { error: 'You need to sign in first' } }));

    await expect(apiRequest('/api/anything', { schema: z.unknown() })).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState().user).toBeNull();
    expect(window.localStorage.getItem('me')).toBeNull();
  });
});

describe('confirmStoredSession', () => {
  it('does not call the server when nobody is stored', async () => {
    const { confirmStoredSession } = await freshModules();
    const { fetchMock } = mockApi(() => ({ status: 200, body: buildSelfUser() }));
    await confirmStoredSession();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes the stored user from GET /api/users/me', async () => {
    window.localStorage.setItem('me', JSON.stringify(buildSelfUser({ bio: 'old' })));
    const { confirmStoredSession, useSession } = await freshModules();
    const { calls } = mockApi(() => ({ status: 200, body: buildSelfUser({ bio: 'new' }) }));
    await confirmStoredSession();
    expect(calls.map((c) => c.path)).toEqual(['/api/users/me']);
    expect(useSession.getState().user?.bio).toBe('new');
    expect(JSON.parse(window.localStorage.getItem('me') ?? '{}')).toMatchObject({ bio: 'new' });
  });

  it('signs out when the session is no longer valid (401)', async () => {
    window.localStorage.setItem('me', JSON.stringify(buildSelfUser()));
    const { confirmStoredSession, useSession } = await freshModules();
    mockApi(() => ({ status: 401, body: { error: 'You need to sign in first' } }));
    await confirmStoredSession();
    expect(useSession.getState().user).toBeNull();
    expect(window.localStorage.getItem('me')).toBeNull();
  });

  it('keeps the user when the server cannot be reached', async () => {
    const user = buildSelfUser();
    window.localStorage.setItem('me', JSON.stringify(user));
    const { confirmStoredSession, useSession } = await freshModules();
    mockApi(() => 'network-error');
    await confirmStoredSession();
    expect(useSession.getState().user).toEqual(user);
  });
});
