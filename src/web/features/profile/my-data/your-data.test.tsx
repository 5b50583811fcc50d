import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MY_DATA_ERRORS } from '../../../../contracts/my-data.js';
import { useSession } from '../../../lib/session-store.js';
import { latestSocket } from '../../../test/fake-socket.js';
import { NOBODY_BLOCKED_ANSWERS, mockApi, type Reply } from '../../../test/fetch-mock.js';
import { buildSelfUser } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { ACCOUNT_DELETED_NOTICE, DELETION_EXPLAINED } from './delete-account-dialog.js';

const me = buildSelfUser();
const FILE = 'simplified-ada-2026-12-06.zip';
const archiveReply: Reply = {
  status: 200,
  body: 'zip bytes',
  headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${FILE}"` },
};

let saved: Blob[];
beforeEach(() => {
  saved = [];
  // jsdom has no object URLs; the saved file is what the page hands to one.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push(blob);
        return 'blob:archive';
      },
      revokeObjectURL: () => undefined,
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const section = () => screen.getByRole('region', { name: 'Your data' });

describe('profile edit: your data', () => {
  it('downloads the archive with the server’s progress, then saves it under its name', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const { calls } = mockApi(
      ({ path }) =>
        path === '/api/users/me/archive'
          ? new Promise<Reply>((resolve) => (answer = resolve))
          : { status: 404, body: { error: 'Not found', code: 'not_found' } },
      { background: NOBODY_BLOCKED_ANSWERS },
    );
    renderApp('/update', { user: me });
    const socket = await waitFor(() => latestSocket());
    act(() => socket.serverConnect());
    await userEvent.click(within(section()).getByRole('button', { name: 'Download my data' }));
    expect(within(section()).getByRole('status')).toHaveTextContent('Preparing your archive');
    expect(within(section()).getByRole('button', { name: 'Download my data' })).toBeDisabled();

    act(() => socket.serverEmit('archiveProgress', { done: 40_000, total: 100_000 }));
    expect(within(section()).getByRole('status')).toHaveTextContent('40,000 of 100,000 messages');
    expect(within(section()).getByRole('progressbar', { name: 'Archive progress' })).toHaveAttribute(
      'value',
      '40000',
    );

    act(() => answer(archiveReply));
    expect(await within(section()).findByText(`Your archive is downloaded: ${FILE}`)).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(await saved[0]?.text()).toBe('"zip bytes"');
    expect(calls.filter((c) => c.path === '/api/users/me/archive')).toHaveLength(1);
  });

  it('says why a download was refused', async () => {
    mockApi(
      () => ({
        status: 429,
        body: { error: 'Too many requests. Please wait a moment.', code: 'rate_limited' },
      }),
      { background: NOBODY_BLOCKED_ANSWERS },
    );
    renderApp('/update', { user: me });
    await userEvent.click(within(section()).getByRole('button', { name: 'Download my data' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('Too many requests');
    expect(saved).toHaveLength(0);
  });

  it('deletes the account only with the password, after saying what goes and what stays', async () => {
    const { calls } = mockApi(
      ({ method, body }) => {
        if (method !== 'DELETE') return { status: 404, body: { error: 'Not found', code: 'not_found' } };
        return (body as { password: string }).password === 'right one'
          ? { status: 200, body: { message: 'Your account was deleted.' } }
          : { status: 403, body: { error: MY_DATA_ERRORS.passwordWrong, code: 'current_password_wrong' } };
      },
      { background: NOBODY_BLOCKED_ANSWERS },
    );
    renderApp('/update', { user: me });
    await userEvent.click(within(section()).getByRole('button', { name: 'Delete my account…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    for (const line of DELETION_EXPLAINED) expect(dialog).toHaveTextContent(line);
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    const password = within(dialog).getByLabelText('Your password');
    expect(password).toHaveFocus();

    await userEvent.type(password, 'wrong one');
    await userEvent.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MY_DATA_ERRORS.passwordWrong);
    expect(useSession.getState().user).not.toBeNull();

    await userEvent.clear(password);
    await userEvent.type(password, 'right one');
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(useSession.getState().user).toBeNull();
    expect(await screen.findByText(ACCOUNT_DELETED_NOTICE)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => [c.path, c.body])).toEqual([
      ['/api/users/me', { password: 'wrong one' }],
      ['/api/users/me', { password: 'right one' }],
    ]);
  });

  it('keeps the account when the person changes their mind', async () => {
    const { calls } = mockApi(() => ({ status: 404, body: { error: 'Not found' } }), {
      background: NOBODY_BLOCKED_ANSWERS,
    });
    renderApp('/update', { user: me });
    await userEvent.click(within(section()).getByRole('button', { name: 'Delete my account…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(useSession.getState().user).not.toBeNull();
  });
});
