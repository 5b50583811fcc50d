import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch-mock.js';
import { buildProfile, buildSelfUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';
import { VISITOR_MESSAGE } from './profile-page.js';

const me = buildSelfUser();

describe('profile page', () => {
  it('shows a visitor only the calm greeting', () => {
    const { fetchMock } = mockApi(() => ({ status: 200, body: buildProfile() }));
    renderApp('/grace');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(/^Hello internet traveller\. This is a peaceful empty space to chill\.$/);
    expect(screen.getByText(VISITOR_MESSAGE)).toBeInTheDocument();
    expect(within(main).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows loading, then someone else’s profile with a Message button and no edit link', async () => {
    mockApi(() => ({ status: 200, body: buildProfile() }));
    renderApp('/grace', { user: me });
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile');

    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('@grace')).toBeInTheDocument();
    expect(screen.getByText('Compilers and nanoseconds.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute('href', '/chat/:grace');
    expect(screen.queryByRole('link', { name: 'Edit bio' })).not.toBeInTheDocument();
  });

  it('shows the owner an Edit bio link and no Message button', async () => {
    const { calls } = mockApi(() => ({ status: 200, body: me }));
    renderApp('/ada', { user: me });
    expect(await screen.findByRole('link', { name: 'Edit bio' })).toHaveAttribute('href', '/update');
    expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/users/profile/ada');
  });

  it('shows the creator of an AI persona the Edit bio link (to the edit panel) beside Message', async () => {
    mockApi(() => ({
      status: 200,
      body: buildProfile({
        username: 'sage',
        name: 'Sage',
        isAi: true,
        tag: 'Philosophy',
        createdByUsername: 'ada',
      }),
    }));
    renderApp('/sage', { user: me });
    expect(await screen.findByRole('link', { name: 'Edit bio' })).toHaveAttribute('href', '/sage?edit=bio');
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute('href', '/chat/:sage');
    expect(screen.getByText('AI', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'More Philosophy personas' })).toHaveAttribute(
      'href',
      '/explorer?tab=Philosophy',
    );
  });

  it('renders bios as text, never as HTML', async () => {
    mockApi(() => ({ status: 200, body: buildProfile({ bio: '<img src=x onerror=alert(1)>' }) }));
    renderApp('/grace', { user: me });
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
  });

  it('shows a deleted account as "deleted account", with no message, block or report', async () => {
    mockApi(() => ({ status: 200, body: buildProfile({ name: '', bio: '', deleted: true }) }));
    renderApp('/grace', { user: me });
    expect(await screen.findByRole('heading', { name: 'deleted account' })).toBeInTheDocument();
    expect(screen.getByText('This account was deleted.')).toBeInTheDocument();
    expect(screen.queryByText('@grace')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Block|Report/ })).not.toBeInTheDocument();
  });

  it('treats a frozen profile as no user', async () => {
    mockApi(() => ({ status: 200, body: buildProfile({ isFrozen: true }) }));
    renderApp('/grace', { user: me });
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
    expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument();
  });

  it('shows the server error for an unknown user', async () => {
    mockApi(() => ({ status: 404, body: { error: 'User not found' } }));
    renderApp('/nobody', { user: me });
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
  });
});
