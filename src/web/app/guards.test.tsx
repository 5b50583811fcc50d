import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VISITOR_MESSAGE } from '../features/profile/profile-page.js';
import { confirmStoredSession } from '../lib/session-store.js';
import { mockApi } from '../test/fetch-mock.js';
import { buildProfile, buildSelfUser } from '../test/fixtures.js';
import { renderApp } from '../test/render.js';

const location = () => screen.getByTestId('location').textContent;
const AI_PROFILE = buildProfile({ _id: 'ai-id', username: 'ai', name: 'AI', isAi: true });

// The API answers the calls that pages make on arrival (profile, config) so no page errors out.
function quietApi() {
  return mockApi((call) => {
    if (call.path.startsWith('/api/users/profile/')) return { status: 200, body: buildProfile() };
    if (call.path === '/api/config') return { status: 200, body: { contactEmail: 'hello@example.com' } };
    return { status: 404, body: { error: 'Not found' } };
  });
}

describe('route guards for visitors', () => {
  it.each(['/update', '/studio', '/charioteer', '/editor', '/explorer', '/chat', '/chat/:ai'])(
    'sends a visitor from %s to /auth',
    async (path) => {
      quietApi();
      renderApp(path);
      await waitFor(() => expect(location()).toBe('/auth'));
      expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    },
  );

  it.each([
    ['/', 'Welcome back'],
    ['/auth', 'Welcome back'],
    ['/signup', 'Sign Up Invite'],
    ['/tos', 'Terms & privacy'],
    ['/about', 'About Simplified'],
  ])('lets a visitor stay on %s', (path, heading) => {
    quietApi();
    renderApp(path);
    expect(location()).toBe(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    // The signed-in shell (its top bar with Star mode) is not shown to visitors.
    expect(screen.queryByRole('button', { name: 'Star mode' })).not.toBeInTheDocument();
  });

  it('shows a visitor only the calm greeting on a profile address', () => {
    const { fetchMock } = quietApi();
    renderApp('/grace');
    expect(location()).toBe('/grace');
    expect(screen.getByRole('main').textContent).toBe(VISITOR_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a visitor the not-found page for unknown nested paths', () => {
    quietApi();
    renderApp('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('route guards for signed-in users', () => {
  const user = buildSelfUser();

  it.each([
    ['/', '/chat/:ai'],
    ['/auth', '/chat/:ai'],
    ['/signup', '/update'],
  ])('redirects a signed-in user from %s to %s', async (path, target) => {
    quietApi();
    renderApp(path, { user });
    await waitFor(() => expect(location()).toBe(target));
  });

  it.each([
    '/update',
    '/studio',
    '/charioteer',
    '/editor',
    '/explorer',
    '/chat',
    '/chat/:ai',
    '/tos',
    '/about',
  ])('lets a signed-in user open %s', (path) => {
    quietApi();
    renderApp(path, { user });
    expect(location()).toBe(path);
    expect(screen.getByRole('banner')).toHaveTextContent('Simplified');
    expect(screen.getByRole('button', { name: 'Star mode' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
  });

  it('shows which conversation /chat/:ai targets', () => {
    renderApp('/chat/:ai', { user });
    expect(screen.getByRole('heading', { name: 'Chat with @ai' })).toBeInTheDocument();
  });

  it('canonicalises /chat/ai to /chat/:ai', async () => {
    renderApp('/chat/ai', { user });
    await waitFor(() => expect(location()).toBe('/chat/:ai'));
  });

  it('shows the not-found page for unknown nested paths', () => {
    renderApp('/some/where/else', { user });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('signs out on the client and sends to /auth when the start-up check finds the session expired', async () => {
    mockApi((call) =>
      call.path === '/api/users/me'
        ? { status: 401, body: { error: 'You need to sign in first' } }
        : { status: 200, body: [] },
    );
    renderApp('/studio', { user });
    // What main.tsx does as the app starts.
    await act(() => confirmStoredSession());
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(window.localStorage.getItem('me')).toBeNull();
  });
});

describe('after signing in', () => {
  it('login on / lands on /chat/:ai', async () => {
    mockApi(() => ({ status: 200, body: buildSelfUser() }));
    renderApp('/');
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location()).toBe('/chat/:ai'));
    expect(JSON.parse(window.localStorage.getItem('me') ?? '{}')).toMatchObject({ username: 'ada' });
  });

  it('signup on /signup lands on /chat/:ai, not on /update', async () => {
    mockApi((call) => {
      if (call.path === '/api/users/profile/ai') return { status: 200, body: AI_PROFILE };
      if (call.path.startsWith('/api/messages')) return { status: 200, body: [] };
      return { status: 201, body: buildSelfUser() };
    });
    renderApp('/signup');
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location()).toBe('/chat/:ai'));
    // Later visits to /signup follow the normal rule again. The chat re-renders its heading while it
    // resolves the persona, so query afresh each time rather than hold on to a node that may be replaced.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Chat with @ai' })).toBeInTheDocument());
  });
});
