import { expect, test, type Page } from '@playwright/test';
import { contentUnder } from './support/overlap.js';
import { createUser, newCredentials, signIn } from './support/users.js';

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });

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
