import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session-store.js';
import { NOBODY_BLOCKED_ANSWERS, mockApi } from '../../test/fetch-mock.js';
import { buildSelfUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';
import { PEOPLE_VOICE_HINT, READ_RECEIPTS_HINT, SHOW_MATURE_HINT } from './profile-edit-page.js';

const me = buildSelfUser({ profilePic: '/uploads/ada.png' });

describe('profile edit (/update)', () => {
  it('starts from the stored user and offers every editable field', () => {
    renderApp('/update', { user: me });
    expect(screen.getByLabelText('Name')).toHaveValue(me.name);
    expect(screen.getByLabelText('Username')).toHaveValue(me.username);
    expect(screen.getByLabelText('Email')).toHaveValue(me.email);
    expect(screen.getByLabelText('Bio')).toHaveValue(me.bio);
    expect(screen.getByLabelText('New password')).toHaveValue('');
    // Asked for only when the email or the password changes.
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it('sends the update, stores the answer and says "Profile updated"', async () => {
    const updated = { ...me, bio: 'Poetical science.' };
    const { calls } = mockApi(() => ({ status: 200, body: updated }), { background: NOBODY_BLOCKED_ANSWERS });
    renderApp('/update', { user: me });
    const bio = screen.getByLabelText('Bio');
    await userEvent.clear(bio);
    await userEvent.type(bio, 'Poetical science.');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Profile updated');
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: `/api/users/update/${me._id}`,
      // Empty password keeps the current one; the current picture URL keeps the picture.
      body: {
        name: me.name,
        username: me.username,
        email: me.email,
        bio: 'Poetical science.',
        password: '',
        profilePic: me.profilePic,
      },
    });
    // An unchanged switch is not sent, so a stale form cannot undo it.
    expect(calls[0]?.body).not.toHaveProperty('readReceipts');
    expect(calls[0]?.body).not.toHaveProperty('peopleVoice');
    expect(calls[0]?.body).not.toHaveProperty('currentPassword');
    expect(useSession.getState().user?.bio).toBe('Poetical science.');
    expect(JSON.parse(window.localStorage.getItem('me') ?? '{}')).toMatchObject({ bio: 'Poetical science.' });
  });

  it('shows the server error next to the form and keeps the stored user', async () => {
    mockApi(() => ({ status: 409, body: { error: 'That username is already taken' } }), {
      background: NOBODY_BLOCKED_ANSWERS,
    });
    renderApp('/update', { user: me });
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'grace');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('That username is already taken');
    await waitFor(() => expect(useSession.getState().user?.username).toBe('ada'));
  });

  it('offers read receipts as a switch, described, sent with the update and stored', async () => {
    const { calls } = mockApi(() => ({ status: 200, body: { ...me, readReceipts: false } }), {
      background: NOBODY_BLOCKED_ANSWERS,
    });
    renderApp('/update', { user: me });
    const receipts = screen.getByRole('checkbox', { name: 'Read receipts' });
    expect(receipts).toBeChecked();
    expect(receipts).toHaveAccessibleDescription(READ_RECEIPTS_HINT);
    receipts.focus();
    await userEvent.keyboard(' ');
    expect(receipts).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByRole('status');
    expect(calls[0]?.body).toMatchObject({ readReceipts: false });
    expect(useSession.getState().user?.readReceipts).toBe(false);
  });

  it('offers a voice for people’s messages, starting from mine, sent with the update once changed', async () => {
    const peopleVoice = { name: 'Fake voice', rate: 1.5, pitch: 0.8 };
    const { calls } = mockApi(
      () => ({
        status: 200,
        body: { ...me, peopleVoice: { ...peopleVoice, pitch: 1.2 } },
      }),
      { background: NOBODY_BLOCKED_ANSWERS },
    );
    const user = userEvent.setup();
    renderApp('/update', { user: { ...me, peopleVoice } });
    const group = screen.getByRole('group', { name: 'Voice for people’s messages' });
    expect(group).toHaveAccessibleDescription(PEOPLE_VOICE_HINT);
    expect(within(group).getByRole('combobox', { name: 'Voice' })).toHaveValue('Fake voice');
    expect(within(group).getByRole('slider', { name: 'Rate' })).toHaveValue('1.5');
    fireEvent.change(within(group).getByRole('slider', { name: 'Pitch' }), { target: { value: '1.2' } });
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Profile updated');
    expect(calls[0]?.body).toMatchObject({ peopleVoice: { name: 'Fake voice', rate: 1.5, pitch: 1.2 } });
    expect(useSession.getState().user?.peopleVoice).toEqual({ ...peopleVoice, pitch: 1.2 });
  });

  it('sends an empty picture when it is removed', async () => {
    const { calls } = mockApi(() => ({ status: 200, body: { ...me, profilePic: '' } }), {
      background: NOBODY_BLOCKED_ANSWERS,
    });
    renderApp('/update', { user: me });
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByRole('status');
    expect(calls[0]?.body).toMatchObject({ profilePic: '' });
  });

  it.each([
    ['a new password', 'New password', 'a much longer secret'],
    ['a new email', 'Email', 'ada@lovelace.example'],
  ])(
    'asks for the current password with %s, sends it, and clears both afterwards',
    async (_l, label, value) => {
      const { calls } = mockApi(() => ({ status: 200, body: me }), { background: NOBODY_BLOCKED_ANSWERS });
      renderApp('/update', { user: me });
      await userEvent.clear(screen.getByLabelText(label));
      await userEvent.type(screen.getByLabelText(label), value);
      const current = screen.getByLabelText('Current password');
      await userEvent.type(current, 'the old secret');
      await userEvent.click(screen.getByRole('button', { name: 'Update' }));

      await screen.findByRole('status');
      expect(calls[0]?.body).toMatchObject({ currentPassword: 'the old secret' });
      expect(screen.getByLabelText('New password')).toHaveValue('');
    },
  );

  it("shows the server's refusal when the current password is wrong", async () => {
    mockApi(() => ({ status: 403, body: { error: 'Your current password is not right' } }), {
      background: NOBODY_BLOCKED_ANSWERS,
    });
    renderApp('/update', { user: me });
    await userEvent.type(screen.getByLabelText('New password'), 'a much longer secret');
    await userEvent.type(screen.getByLabelText('Current password'), 'a wrong guess');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not right');
  });

  it('offers to show mature personas, off by default, and sends only a change', async () => {
    const { calls } = mockApi(() => ({ status: 200, body: { ...me, showMature: true } }), {
      background: NOBODY_BLOCKED_ANSWERS,
    });
    renderApp('/update', { user: me });
    const box = screen.getByRole('checkbox', { name: 'Show mature personas' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(SHOW_MATURE_HINT);
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls[0]?.body).toMatchObject({ showMature: true }));
    expect(useSession.getState().user?.showMature).toBe(true);
  });
});
