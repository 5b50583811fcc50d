import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, QueuedReport } from '../../../contracts/moderation.js';
import { mockApi } from '../../test/fetch-mock.js';
import { buildSelfUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';
import { NOT_A_MODERATOR, QUEUE_EMPTY } from './moderation-page.js';

const moderator = buildSelfUser({ isModerator: true });
const BOB = '0190a0b0-0000-7000-8000-0000000000b0';
const SAGE = '0190a0b0-0000-7000-8000-0000000000c0';

const messageReport: QueuedReport = {
  _id: 'r1',
  kind: 'message',
  targetId: 'm2',
  targetUser: { _id: BOB, username: 'bob', isAi: false, isFrozen: false },
  reason: 'harassment',
  note: 'He keeps writing.',
  reporterUsername: 'vera',
  createdAt: '2026-12-01T10:00:00.000Z',
  reportsOnTarget: 2,
  snapshot: {
    kind: 'message',
    messages: [
      { _id: 'm1', sender: 'vera', text: 'hello', createdAt: '2026-12-01T09:00:00.000Z', reported: false },
      {
        _id: 'm2',
        sender: 'bob',
        text: '<b>you are awful</b>',
        createdAt: '2026-12-01T09:01:00.000Z',
        reported: true,
      },
    ],
  },
};
const personaReport: QueuedReport = {
  ...messageReport,
  _id: 'r2',
  kind: 'persona',
  targetId: SAGE,
  targetUser: { _id: SAGE, username: 'sage', isAi: true, isFrozen: false },
  reason: 'hate',
  note: '',
  reportsOnTarget: 1,
  snapshot: {
    kind: 'persona',
    name: 'Sage',
    username: 'sage',
    bio: 'Wise.',
    tag: 'Fun',
    prompt: 'You insult everyone.',
    memory: '',
    openingMessage: '',
    createdByUsername: 'bob',
  },
};
const frozeSage: AuditEntry = {
  _id: 'a1',
  moderatorUsername: 'ada',
  action: 'freeze_persona',
  targetKind: 'persona',
  targetId: SAGE,
  targetLabel: '@sage',
  reason: 'Insults people',
  createdAt: '2026-12-01T11:00:00.000Z',
};

function moderationServer(queue: QueuedReport[], audit: AuditEntry[] = []) {
  return mockApi(({ method, path }) => {
    if (method === 'POST') return { status: 200, body: { ok: true } };
    if (path === '/api/moderation/reports') return { status: 200, body: queue };
    if (path === '/api/moderation/audit') return { status: 200, body: audit };
    return { status: 404, body: { error: 'Not found', code: 'not_found' } };
  });
}

describe('the moderation page', () => {
  it('shows each open report with its snapshot, as text, and the hidden prompt of a reported persona', async () => {
    moderationServer([messageReport, personaReport]);
    renderApp('/moderation', { user: moderator });
    expect(await screen.findByRole('heading', { name: 'Open reports (2)' })).toBeInTheDocument();
    const first = screen.getByRole('article', { name: 'Report of @bob' });
    expect(within(first).getByRole('heading', { name: 'Harassment' })).toBeInTheDocument();
    expect(first).toHaveTextContent('reported by @vera');
    expect(within(first).getByText('2 open reports about @bob')).toBeInTheDocument();
    expect(within(first).getByText('<b>you are awful</b>')).toBeInTheDocument();
    expect(within(first).getByText('He keeps writing.')).toBeInTheDocument();
    const persona = screen.getByRole('article', { name: 'Report of @sage' });
    expect(within(persona).getByText('You insult everyone.')).toBeInTheDocument();
    // What fits each: a person can be suspended, a persona frozen; a message removed.
    expect(within(first).getByRole('button', { name: 'Suspend 7 days' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Remove message' })).toBeInTheDocument();
    expect(within(persona).getByRole('button', { name: 'Freeze persona' })).toBeInTheDocument();
    expect(within(persona).queryByRole('button', { name: /Suspend/ })).not.toBeInTheDocument();
  });

  it('asks for a reason before an action and sends it; a suspension carries its days', async () => {
    const { calls } = moderationServer([messageReport]);
    renderApp('/moderation', { user: moderator });
    const card = await screen.findByRole('article', { name: 'Report of @bob' });
    await userEvent.click(within(card).getByRole('button', { name: 'Suspend 30 days' }));
    const reason = within(card).getByRole('textbox', { name: /Reason to suspend 30 days/ });
    expect(reason).toHaveFocus();
    const confirm = within(card).getByRole('button', { name: 'Suspend 30 days' });
    expect(confirm).toBeDisabled();
    await userEvent.type(reason, 'Harassing Vera');
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        path: `/api/moderation/users/${BOB}/suspend`,
        body: { reason: 'Harassing Vera', days: 30 },
      }),
    );
  });

  it('lists the audit log with an undo for a freeze, and says when the queue is empty', async () => {
    const { calls } = moderationServer([], [frozeSage]);
    renderApp('/moderation', { user: moderator });
    expect(await screen.findByText(QUEUE_EMPTY)).toBeInTheDocument();
    const log = screen.getByRole('region', { name: 'Audit log' });
    expect(await within(log).findByText(/@ada froze @sage/)).toBeInTheDocument();
    expect(within(log).getByText('Reason: Insults people')).toBeInTheDocument();
    await userEvent.click(within(log).getByRole('button', { name: 'Unfreeze' }));
    await userEvent.type(within(log).getByRole('textbox'), 'Fixed by its creator');
    await userEvent.click(within(log).getByRole('button', { name: 'Unfreeze' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.path).toBe(`/api/moderation/personas/${SAGE}/unfreeze`),
    );
  });

  it('tells anyone else it is for moderators, and asks the server nothing', async () => {
    const { calls } = moderationServer([messageReport]);
    renderApp('/moderation', { user: buildSelfUser() });
    expect(await screen.findByText(NOT_A_MODERATOR)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/moderation'))).toEqual([]);
  });
});
