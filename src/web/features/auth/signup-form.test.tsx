import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session-store.js';
import { mockApi } from '../../test/fetch-mock.js';
import { must } from '../../test/must.js';
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

    const form = must(screen.getByLabelText('Email').closest('form'));
    expect(await within(form).findByRole('alert')).toHaveTextContent('That username is already taken');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/signup$/);
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

  it("shows every field's problem at once, tied to its field, and focuses the first", async () => {
    const { calls } = mockApi(() => ({ status: 500, body: { error: 'not expected' } }));
    renderApp('/signup');
    await userEvent.type(screen.getByLabelText('Username'), 'a');
    await userEvent.type(screen.getByLabelText('Email'), 'not an address');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const expected = {
      Name: 'Name is required',
      Username: 'Username must be at least 2 characters',
      Email: 'Email is not a valid address',
      Password: 'Password must be at least 8 characters',
    };
    for (const [label, message] of Object.entries(expected)) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(screen.getByLabelText('Name')).toHaveFocus();
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent('4 things need fixing');
    for (const message of Object.values(expected)) expect(summary).toHaveTextContent(message);
    expect(calls).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/signup$/);

    await userEvent.click(screen.getByRole('button', { name: 'Password must be at least 8 characters' }));
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a taken username under the username field', async () => {
    mockApi(() => ({
      status: 409,
      body: { error: 'That username is already taken', code: 'username_taken' },
    }));
    renderApp('/signup');
    await fillSignup();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(username).toHaveAccessibleDescription(expect.stringContaining('That username is already taken'));
    expect(username).toHaveFocus();
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
