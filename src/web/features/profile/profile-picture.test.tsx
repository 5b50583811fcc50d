import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../../contracts/errors.js';
import type { SelfUser } from '../../../contracts/users.js';
import { useSession } from '../../lib/session-store.js';
import { NOBODY_BLOCKED_ANSWERS, mockApi } from '../../test/fetch-mock.js';
import { buildSelfUser } from '../../test/fixtures.js';
import { TINY_PNG } from '../../test/png.js';
import { renderApp } from '../../test/render.js';

const me = buildSelfUser({ profilePic: '' });
const SAVED = '/uploads/0123abcd.png';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';

describe('profile picture on /update', () => {
  it('refuses what the server would refuse before any preview, and never sends it', async () => {
    // The server stores a picture it is sent and answers with its address.
    const { calls } = mockApi(
      (call) => {
        const body = call.body as Partial<SelfUser>;
        const profilePic = body.profilePic?.startsWith('data:') ? SAVED : (body.profilePic ?? '');
        return { status: 200, body: { ...me, profilePic } };
      },
      { background: NOBODY_BLOCKED_ANSWERS },
    );
    // The browser's accept filter is off so the page's own check is what gets tested.
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/update', { user: me });
    const choose = screen.getByLabelText('Choose picture');
    const preview = () => screen.getByRole('img', { name: `Profile picture of ${me.name}` });

    await user.upload(choose, new File([TINY_PNG], 'me.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(preview()).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/)),
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Profile updated');
    expect(calls[0]?.body).toMatchObject({ profilePic: expect.stringMatching(/^data:image\/png;base64,/) });
    await waitFor(() => expect(preview()).toHaveAttribute('src', SAVED));

    for (const [file, message] of [
      [new File([SVG], 'logo.svg', { type: 'image/svg+xml' }), ERRORS.imageType],
      [new File(['just text, renamed'], 'notes.png', { type: 'image/png' }), ERRORS.imageMismatch],
    ] as const) {
      await user.upload(choose, file);
      const shown = await screen.findByText(message);
      expect(shown).toHaveAttribute('aria-live', 'assertive');
      expect(choose).toHaveAccessibleDescription(message);
      expect(preview()).toHaveAttribute('src', SAVED);
    }

    // Nothing refused reaches the server: Update keeps the saved picture, here and in the stored user.
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(JSON.stringify(calls[1]?.body)).not.toContain('data:image');
    await waitFor(() => expect(preview()).toHaveAttribute('src', SAVED));
    expect(useSession.getState().user?.profilePic).toBe(SAVED);
  });
});
