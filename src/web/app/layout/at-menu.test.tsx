import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session-store.js';
import { mockApi } from '../../test/fetch-mock.js';
import { buildSelfUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';

const user = buildSelfUser({ username: 'ada' });
const menuButton = () => screen.getByRole('button', { name: 'Menu' });
const location = () => screen.getByTestId('location').textContent;

async function openMenu() {
  await userEvent.click(menuButton());
  return screen.getByRole('navigation', { name: 'Main menu' });
}

describe('@ menu', () => {
  it('is only there for signed-in users', () => {
    renderApp('/about');
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('opens with the five entries of SPEC §2 plus Create AI after AI Explorer', async () => {
    renderApp('/studio', { user });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveTextContent('@');

    const menu = await openMenu();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['AI Messenger', '/chat/:ai'],
      ['AI Explorer', '/explorer'],
      ['Create AI', '/create'],
      ['AI Studio', '/studio'],
      ['Update', '/ada'],
    ]);
    const items = within(menu).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(within(items[5] as HTMLElement).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('closes on a pointer press anywhere outside it', async () => {
    renderApp('/studio', { user });
    await openMenu();
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'AI Studio' }));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open when pressing inside it', async () => {
    renderApp('/studio', { user });
    const menu = await openMenu();
    fireEvent.pointerDown(menu);
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the @ button', async () => {
    renderApp('/studio', { user });
    await openMenu();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
  });

  it('closes and navigates after choosing an entry', async () => {
    renderApp('/studio', { user });
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('link', { name: 'AI Explorer' }));
    expect(location()).toBe('/explorer');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('logs out: POST /api/users/logout, forgets the user and goes to /auth', async () => {
    const { calls } = mockApi(() => ({ status: 200, body: { message: 'Logged out' } }));
    renderApp('/tos', { user });
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(location()).toBe('/auth'));
    expect(calls.find((call) => call.path === '/api/users/logout')).toMatchObject({
      method: 'POST',
      body: {},
    });
    expect(useSession.getState().user).toBeNull();
    expect(window.localStorage.getItem('me')).toBeNull();
  });

  it('stays signed in and shows the error when logout fails', async () => {
    mockApi(() => ({ status: 500, body: { error: 'Something went wrong on our side. Please try again.' } }));
    renderApp('/studio', { user });
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not log out');
    expect(useSession.getState().user).toEqual(user);
    expect(location()).toBe('/studio');
  });
});
