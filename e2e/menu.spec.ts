import { expect, test } from '@playwright/test';
import { createUser, newCredentials, signIn } from './support/users.js';

test.describe('@ menu', () => {
  const credentials = newCredentials('menu');

  test.beforeAll(async ({ request }) => {
    await createUser(request, credentials);
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page, credentials);
    await page.goto('/studio');
  });

  test('closes on a click anywhere outside it', async ({ page }) => {
    const button = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await button.click();
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');

    await page.mouse.click(20, 300);
    await expect(menu).toHaveCount(0);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes on Escape and lists the five entries plus Create AI', async ({ page }) => {
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link')).toHaveText([
      'AI Messenger',
      'AI Explorer',
      'Create AI',
      'AI Studio',
      'Update',
    ]);
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
  });

  test('closes after choosing an entry', async ({ page }) => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'AI Explorer' }).click();
    await expect(page).toHaveURL(/\/explorer$/);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  });
});
