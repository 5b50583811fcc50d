import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REPORT_RECEIVED } from '../../../contracts/moderation.js';
import { mockApi } from '../../test/fetch-mock.js';
import { buildProfile, buildSelfUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';

const me = buildSelfUser();
const grace = buildProfile();

describe('reporting from a profile', () => {
  it('asks for a reason from the list and an optional note, sends them, and confirms', async () => {
    const { calls } = mockApi(({ method, path }) => {
      if (method === 'POST' && path === '/api/reports')
        return { status: 201, body: { _id: 'r1', message: REPORT_RECEIVED } };
      if (path.startsWith('/api/users/profile/'))
        return { status: 200, body: { ...grace, blockedByYou: false } };
      return { status: 404, body: { error: 'Not found', code: 'not_found' } };
    });
    renderApp('/grace', { user: me });
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report @grace' });
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    expect(within(dialog).getAllByRole('radio')).toHaveLength(7);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Impersonation' }));
    await userEvent.type(within(dialog).getByRole('textbox'), 'Pretends to be me');
    await userEvent.click(send);
    expect(await within(dialog).findByRole('status')).toHaveTextContent(REPORT_RECEIVED);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        kind: 'person',
        targetId: grace._id,
        reason: 'impersonation',
        note: 'Pretends to be me',
      }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a refusal (too many reports) in the dialog and keeps what was written', async () => {
    mockApi(({ method, path }) => {
      if (method === 'POST')
        return { status: 429, body: { error: 'You are sending reports too fast.', code: 'rate_limited' } };
      if (path.startsWith('/api/users/profile/'))
        return { status: 200, body: { ...grace, isAi: true, tag: 'Fun' } };
      return { status: 404, body: { error: 'Not found', code: 'not_found' } };
    });
    renderApp('/grace', { user: me });
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report @grace' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are sending reports too fast.');
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toBeChecked();
  });
});
