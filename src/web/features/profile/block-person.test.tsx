import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BlockedPerson } from '../../../contracts/safety.js';
import { BLOCK_EXPLAINED } from '../../components/safety/block-button.js';
import { mockApi } from '../../test/fetch-mock.js';
import { buildProfile, buildSelfUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';
import { NOBODY_BLOCKED } from './blocked-people.js';

const me = buildSelfUser();
const grace = buildProfile();

/** The server as far as blocks go: a profile, the blocked list, and PUT/DELETE that change both. */
function blocksServer(initiallyBlocked: boolean) {
  let blocked = initiallyBlocked;
  const listed = (): BlockedPerson[] =>
    blocked
      ? [
          {
            _id: grace._id,
            username: grace.username,
            name: grace.name,
            profilePic: '',
            blockedAt: '2026-12-01T10:00:00.000Z',
          },
        ]
      : [];
  return mockApi(({ method, path }) => {
    if (path === `/api/users/blocks/${grace._id}`) {
      blocked = method === 'PUT';
      return { status: 204 };
    }
    if (path === '/api/users/blocks') return { status: 200, body: listed() };
    if (path.startsWith('/api/users/profile/'))
      return { status: 200, body: { ...grace, blockedByYou: blocked } };
    return { status: 404, body: { error: 'Not found', code: 'not_found' } };
  });
}

describe('blocking from a profile', () => {
  it('asks first, says what a block does, then offers Unblock instead of Message', async () => {
    const { calls } = blocksServer(false);
    renderApp('/grace', { user: me });
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Block @grace?' });
    expect(dialog).toHaveTextContent(BLOCK_EXPLAINED);
    // The safe answer is first and focused.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/users/blocks/'))).toMatchObject([
      { method: 'PUT', path: `/api/users/blocks/${grace._id}` },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('link', { name: 'Message' })).toBeInTheDocument();
    expect(calls.at(-2)).toMatchObject({ method: 'DELETE', path: `/api/users/blocks/${grace._id}` });
  });

  it('cancelling blocks nobody', async () => {
    const { calls } = blocksServer(false);
    renderApp('/grace', { user: me });
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('offers no Block on a persona or on one’s own profile', async () => {
    mockApi(({ path }) => ({
      status: 200,
      body: path.endsWith('/ada') ? me : buildProfile({ username: 'sage', isAi: true, tag: 'Fun' }),
    }));
    const { unmount } = renderApp('/sage', { user: me });
    expect(await screen.findByRole('link', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
    unmount();
    renderApp('/ada', { user: me });
    expect(await screen.findByRole('link', { name: 'Edit bio' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  });
});

describe('the blocked list on the profile edit page', () => {
  it('lists whom one blocked, each with Unblock, and says so when nobody is', async () => {
    const { calls } = blocksServer(true);
    renderApp('/update', { user: me });
    const section = await screen.findByRole('region', { name: 'Blocked people' });
    const unblock = await within(section).findByRole('button', { name: 'Unblock @grace' });
    expect(within(section).getByText('Grace Hopper')).toBeInTheDocument();
    await userEvent.click(unblock);
    expect(await within(section).findByText(NOBODY_BLOCKED)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/users/blocks/${grace._id}`)).toBe(
      true,
    );
  });

  it('shows a failure to unblock as a message and keeps the person listed', async () => {
    mockApi(({ method, path }) => {
      if (method === 'DELETE')
        return { status: 429, body: { error: 'You are changing blocks too fast.', code: 'rate_limited' } };
      if (path === '/api/users/blocks')
        return {
          status: 200,
          body: [{ _id: grace._id, username: 'grace', name: 'Grace Hopper', profilePic: '', blockedAt: 'x' }],
        };
      return { status: 404, body: { error: 'Not found', code: 'not_found' } };
    });
    renderApp('/update', { user: me });
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock @grace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are changing blocks too fast.');
    expect(screen.getByRole('button', { name: 'Unblock @grace' })).toBeInTheDocument();
  });
});
