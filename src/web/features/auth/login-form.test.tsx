import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../lib/api-client.js';
import { mockApi } from '../../test/fetch-mock.js';
import { must } from '../../test/must.js';
import { setViewport } from '../../test/media.js';
import { renderApp } from '../../test/render.js';
import { TAGLINE } from './auth-layout.js';
import { TYPING } from './typed-tagline.js';

async function logIn(username: string, password: string) {
  await userEvent.type(screen.getByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login screen', () => {
  it('has username and password fields, a round labelled submit button and footer links', () => {
    renderApp('/');
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('type', 'submit');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: /terms/i })).toHaveAttribute('href', '/tos');
    expect(within(footer).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('shows a wrong-password error from the server next to the form', async () => {
    const { calls } = mockApi(() => ({ status: 401, body: { error: 'Invalid username or password' } }));
    renderApp('/');
    await logIn('ada', 'wrong');
    const form = must(screen.getByLabelText('Username').closest('form'));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(calls[0]).toMatchObject({
      path: '/api/users/login',
      body: { username: 'ada', password: 'wrong' },
    });
  });

  it('shows a readable message when the server cannot be reached', async () => {
    mockApi(() => 'network-error');
    renderApp('/');
    await logIn('ada', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);
  });
});

// Each step is scheduled after the previous render, so time advances one step per act().
function steps(count: number, ms: number) {
  for (let i = 0; i < count; i += 1) {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  }
}

describe('typed tagline', () => {
  it('types, holds and deletes the tagline on wide screens', () => {
    vi.useFakeTimers();
    renderApp('/');
    const typed = screen.getByTestId('typed-text');
    expect(typed).toHaveTextContent(/^$/);
    steps(4, TYPING.typeMs);
    expect(typed).toHaveTextContent(/^Your$/);
    steps(TAGLINE.length - 4, TYPING.typeMs);
    expect(typed).toHaveTextContent(TAGLINE);
    steps(1, TYPING.holdFullMs);
    steps(2, TYPING.deleteMs);
    expect(typed).toHaveTextContent(TAGLINE.slice(0, -2));
    steps(TAGLINE.length - 2, TYPING.deleteMs);
    expect(typed).toHaveTextContent(/^$/);
    // After a short breath it starts typing again: the loop.
    steps(1, TYPING.holdEmptyMs);
    steps(1, TYPING.typeMs);
    expect(typed).toHaveTextContent(/^Y$/);
    // Screen readers get the whole line once, not the animation.
    expect(screen.getByText(TAGLINE, { selector: '.visually-hidden' })).toBeInTheDocument();
  });

  it('is not shown at 500 px and narrower', () => {
    setViewport({ width: 500 });
    renderApp('/');
    expect(screen.queryByTestId('typed-text')).not.toBeInTheDocument();
  });

  it('is static when reduced motion is preferred', () => {
    vi.useFakeTimers();
    setViewport({ reducedMotion: true });
    renderApp('/');
    expect(screen.getByTestId('typed-text')).toHaveTextContent(TAGLINE);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByTestId('typed-text')).toHaveTextContent(TAGLINE);
  });
});
