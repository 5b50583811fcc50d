import { expect, test, type Page } from '@playwright/test';
import { contentUnder } from './support/overlap.js';
import { createUser, newCredentials, signIn } from './support/users.js';

const ENTRIES = ['AI Messenger', 'AI Explorer', 'AI Studio', 'Update', 'Log out'];

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
const menu = (page: Page) => page.getByRole('menu', { name: 'Menu' });
const item = (page: Page, name: string) => menu(page).getByRole('menuitem', { name, exact: true });

test.describe('@ menu', () => {
  const credentials = newCredentials('menu');

  test.beforeAll(async ({ request }) => {
    await createUser(request, credentials);
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page, credentials);
    await page.goto('/studio');
  });

  test('is a menu button holding the five entries of SPEC §2, in order', async ({ page }) => {
    const button = menuButton(page);
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu(page)).toBeVisible();
    await expect(menu(page)).toHaveAttribute('id', (await button.getAttribute('aria-controls')) ?? 'none');
    const names = await menu(page)
      .getByRole('menuitem')
      .evaluateAll((items) =>
        items.map((element) => element.getAttribute('aria-label') ?? element.textContent),
      );
    expect(names).toEqual(ENTRIES);
    await expect(item(page, 'Update')).toHaveAttribute('href', `/${credentials.username}`);
  });

  test('by keyboard: focus moves in, arrows wrap, Home/End jump, Escape returns to the button', async ({
    page,
  }) => {
    const button = menuButton(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(item(page, 'AI Messenger')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item(page, 'AI Explorer')).toBeFocused();
    await page.keyboard.press('End');
    await expect(item(page, 'Log out')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item(page, 'AI Messenger')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(item(page, 'Log out')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(item(page, 'AI Messenger')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('ArrowUp');
    await expect(item(page, 'Log out')).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowDown');
    await expect(item(page, 'AI Messenger')).toBeFocused();
  });

  test('Tab closes it, and its entries come after the button in focus order', async ({ page }) => {
    const button = menuButton(page);
    const focusOutsideMenu = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active !== null && active !== document.body && active.closest('[role="menu"]') === null;
      });
    await button.focus();
    await page.keyboard.press('Space');
    await expect(item(page, 'AI Messenger')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(menu(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Star mode' })).toBeFocused();

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(item(page, 'AI Messenger')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu(page)).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(await focusOutsideMenu()).toBe(true);
    const order = await button.evaluate((element) => {
      const list = document.getElementById(element.getAttribute('aria-controls') ?? '');
      return list ? element.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING : -1;
    });
    expect(order).toBeGreaterThan(0);
  });

  test('Enter on an entry goes there and closes the menu', async ({ page }) => {
    await menuButton(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(item(page, 'AI Explorer')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/explorer$/);
    await expect(menu(page)).toBeHidden();
  });

  test('closes on a click anywhere outside it', async ({ page }) => {
    const button = menuButton(page);
    await button.click();
    await expect(menu(page)).toBeVisible();
    await page.mouse.click(20, 300);
    await expect(menu(page)).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes after choosing an entry', async ({ page }) => {
    await menuButton(page).click();
    await item(page, 'AI Explorer').click();
    await expect(page).toHaveURL(/\/explorer$/);
    await expect(menu(page)).toBeHidden();
  });
});

test.describe('@ button at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  const credentials = newCredentials('menu375');

  test.beforeAll(async ({ request }) => {
    await createUser(request, credentials);
  });

  test('covers nothing on any signed-in page, at the top or scrolled to the end', async ({ page }) => {
    await signIn(page, credentials);
    const routes = ['/studio', '/explorer', '/create', '/charioteer', '/editor', '/update', '/tos', '/about'];
    for (const path of [...routes, `/${credentials.username}`, '/ai', '/chat/:ai', '/no/such/page']) {
      await page.goto(path);
      await expect(menuButton(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      for (const at of ['top', 'end'] as const) {
        if (at === 'end') await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        expect(await contentUnder(menuButton(page)), `${path} at the ${at}`).toEqual([]);
      }
    }
  });
});
