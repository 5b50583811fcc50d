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
  return screen.getByRole('menu', { name: 'Menu' });
}
const queryMenu = () => screen.queryByRole('menu', { name: 'Menu' });
const itemNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.getAttribute('aria-label') ?? item.textContent);

describe('@ menu', () => {
  it('is only there for signed-in users', () => {
    renderApp('/about');
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('is a menu button whose menu holds the five entries of SPEC §2, in order, after the button', async () => {
    renderApp('/studio', { user });
    const button = menuButton();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveTextContent('@');
    expect(queryMenu()).not.toBeInTheDocument();

    const menu = await openMenu();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(itemNames(menu)).toEqual(['AI Messenger', 'AI Explorer', 'AI Studio', 'Update', 'Log out']);
    const links = within(menu).getAllByRole('menuitem').slice(0, 4);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/chat/:ai',
      '/explorer',
      '/studio',
      '/ada',
    ]);
    expect(button.compareDocumentPosition(menu) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('takes focus into the menu; arrows wrap, Home and End jump', async () => {
    renderApp('/studio', { user });
    menuButton().focus();
    await userEvent.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Menu' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(items[4]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(items[4]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
  });

  it('opens on the last entry with ArrowUp on the button, on the first with ArrowDown', async () => {
    renderApp('/studio', { user });
    menuButton().focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'AI Messenger' })).toHaveFocus();
  });

  it('closes when Tab moves focus on', async () => {
    renderApp('/studio', { user });
    menuButton().focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    expect(queryMenu()).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement?.closest('[role="menu"]')).toBeNull();
  });

  it('closes when Shift+Tab moves focus back, to the Star mode button before it', async () => {
    renderApp('/studio', { user });
    menuButton().focus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('menuitem', { name: 'AI Messenger' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(queryMenu()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Star mode' })).toHaveFocus();
  });

  it('goes to an entry on Enter and closes', async () => {
    renderApp('/studio', { user });
    menuButton().focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'AI Explorer' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(location()).toBe('/explorer');
    expect(queryMenu()).not.toBeInTheDocument();
  });

  it('closes on a pointer press anywhere outside it', async () => {
    renderApp('/studio', { user });
    await openMenu();
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'AI Studio' }));
    expect(queryMenu()).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open when pressing inside it', async () => {
    renderApp('/studio', { user });
    const menu = await openMenu();
    fireEvent.pointerDown(menu);
    expect(screen.getByRole('menu', { name: 'Menu' })).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the @ button', async () => {
    renderApp('/studio', { user });
    await openMenu();
    await userEvent.keyboard('{Escape}');
    expect(queryMenu()).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
  });

  it('closes and navigates after choosing an entry', async () => {
    renderApp('/studio', { user });
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'AI Explorer' }));
    expect(location()).toBe('/explorer');
    expect(queryMenu()).not.toBeInTheDocument();
  });

  it('logs out: POST /api/users/logout, forgets the user and goes to /auth', async () => {
    const { calls } = mockApi(() => ({ status: 200, body: { message: 'Logged out' } }));
    renderApp('/tos', { user });
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Log out' }));

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
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not log out');
    expect(useSession.getState().user).toEqual(user);
    expect(location()).toBe('/studio');
  });
});
