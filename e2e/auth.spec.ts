import { expect, test } from '@playwright/test';
import { expectLive } from './support/chat.js';
import { coloursOf, contrast } from './support/contrast.js';
import { createUser, newCredentials } from './support/users.js';

test.describe('log in / sign up tabs', () => {
  for (const theme of ['light', 'star'] as const) {
    test(`the selected tab stands out in the ${theme} theme`, async ({ page }) => {
      await page.goto('/about');
      await page.evaluate((star) => {
        if (star) window.localStorage.setItem('theme', 'star');
        else window.localStorage.removeItem('theme');
      }, theme === 'star');
      await page.goto('/auth');
      const login = page.getByRole('tab', { name: 'Log in' });
      const signup = page.getByRole('tab', { name: 'Sign up' });
      await expect(login).toHaveAttribute('aria-selected', 'true');
      await expect(signup).toHaveAttribute('aria-selected', 'false');
      await expect(page.getByRole('tabpanel', { name: 'Log in' })).toBeVisible();

      const selected = await coloursOf(login);
      const other = await coloursOf(signup);
      // Its label is readable (AA for text) and the selected fill differs from the other tab's (AA for UI parts).
      expect(contrast(selected.text, selected.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(other.text, other.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(selected.background, other.background)).toBeGreaterThanOrEqual(3);

      await login.focus();
      await page.keyboard.press('ArrowRight');
      await expect(signup).toHaveAttribute('aria-selected', 'true');
      await expect(signup).toBeFocused();
      await expect(page.getByRole('tabpanel', { name: 'Sign up' })).toBeVisible();
      await page.keyboard.press('Home');
      await expect(login).toHaveAttribute('aria-selected', 'true');
    });
  }
});

test.describe('the prerendered login page', () => {
  test('paints before any of the app’s scripts is requested, then the app takes it over', async ({
    page,
  }) => {
    await page.goto('/auth');
    await page.waitForLoadState('networkidle');
    // Hydrated: switching to sign-up is the app's own work, in the same document (before hydration the tab is a
    // plain link and loads a new page, which would lose this mark).
    await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-same-document', '');
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }));
    expect(timing.paint).toBeLessThan(Infinity);
    expect(timing.scripts.length).toBeGreaterThan(0);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint);
  });

  test('carries no live-connection client for a visitor; logging in brings it and connects', async ({
    page,
    request,
  }) => {
    const me = newCredentials('lazyrt');
    await createUser(request, me);
    const scripts: Array<Promise<string>> = [];
    const socketCalls: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (/\/assets\/.+\.js$/.test(pathname)) scripts.push(response.text());
      if (pathname.startsWith('/socket.io/')) socketCalls.push(pathname);
    });
    // Engine.io's close reason, a string only socket.io's client carries.
    const realtimeClientLoaded = async () =>
      (await Promise.all(scripts)).some((source) => source.includes('transport close'));

    await page.goto('/auth');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(await realtimeClientLoaded()).toBe(false);
    expect(socketCalls).toEqual([]);

    await page.getByLabel('Username', { exact: true }).fill(me.username);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/chat\/:ai$/);
    await expectLive(page);
    expect(await realtimeClientLoaded()).toBe(true);
  });
});
