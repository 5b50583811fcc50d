import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session-store.js';
import { mockApi } from '../../test/fetch-mock.js';
import { renderApp } from '../../test/render.js';

async function fillSignup() {
  await userEvent.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Username'), 'ada');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'analytical engine');
}

describe('signup screen', () => {
  it('has the SPEC title, fields, create button and a link to log in', () => {
    renderApp('/signup');
    expect(screen.getByRole('heading', { name: 'Sign Up Invite' })).toBeInTheDocument();
    for (const label of ['Name', 'Username', 'Email', 'Password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
  });

  it('shows and hides the password', async () => {
    renderApp('/signup');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(hide);
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('sends the four fields and shows the server error next to the form', async () => {
    const { calls } = mockApi(() => ({ status: 409, body: { error: 'That username is already taken' } }));
    renderApp('/signup');
    await fillSignup();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('That username is already taken');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/users/signup',
      body: {
        name: 'Ada Lovelace',
        username: 'ada',
        email: 'ada@example.com',
        password: 'analytical engine',
      },
    });
    expect(useSession.getState().user).toBeNull();
  });

  it('on /auth, the mode switch swaps between the login and signup forms', async () => {
    renderApp('/auth');
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    const signupTab = screen.getByRole('tab', { name: 'Sign up' });
    await userEvent.click(signupTab);
    expect(signupTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Sign Up Invite' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth?mode=signup');

    await userEvent.click(screen.getByRole('tab', { name: 'Log in' }));
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });
});
