import { expect, test } from '@playwright/test';
import { createPersona, newPersonaUsername } from './support/personas.js';
import { createUser, newCredentials, signIn } from './support/users.js';

test.describe('as a visitor', () => {
  test('/auth’s tabs work before the app has started (they are links on the prerendered page)', async ({
    page,
  }) => {
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  });
});

test.describe('as a signed-in user', () => {
  const credentials = newCredentials('routes');

  test.beforeAll(async ({ request }) => {
    await createUser(request, credentials);
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page, credentials);
  });

  test('no page logs a Content Security Policy error (an invalid source, a refused load)', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) errors.push(message.text());
    });
    for (const path of ['/about', '/chat/:ai', '/explorer', '/studio', '/charioteer', '/editor']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    }
    // The chat's socket connected (ws:// to this address) under the policy.
    await page.goto('/chat/:ai');
    await expect(page.locator('[data-connection="connected"]')).toHaveCount(1);
    expect(errors).toEqual([]);
  });
});

test.describe('moving between pages', () => {
  test.use({ viewport: { width: 375, height: 700 } });
  const credentials = newCredentials('scroll');

  test.beforeAll(async ({ request }) => {
    await createUser(request, credentials);
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page, credentials);
  });

  test("a new persona's profile opens at its top, its name in view and focused", async ({ page }) => {
    const username = newPersonaUsername('scroll');
    const field = (name: RegExp) => page.getByRole('textbox', { name });
    await page.goto('/create');
    await field(/^Name/).fill('Scroll Tester');
    await field(/^Username/).fill(username);
    await field(/^Bio/).fill('Checks where a new page starts.');
    await field(/^Prompt/).fill('You are a careful tester.');
    await field(/^Memory/).fill('Pages start at the top.');
    await page.getByRole('combobox', { name: /^Category/ }).selectOption('Helper');
    await page.getByRole('button', { name: 'Create AI' }).click();

    await expect(page).toHaveURL(new RegExp(`/${username}$`));
    const name = page.getByRole('heading', { level: 1, name: 'Scroll Tester' });
    await expect(name).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(name).toBeFocused();
  });

  test("opening a persona's edit panel is no new page: the window stays where it was", async ({ page }) => {
    const persona = await createPersona(page.request, {
      username: newPersonaUsername('stay'),
      name: 'Stay Put',
      tag: 'Helper',
    });
    await page.setViewportSize({ width: 375, height: 320 });
    await page.goto(`/${persona.username}`);
    const toggle = page.getByRole('button', { name: 'Edit AI' });
    await toggle.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page).toHaveURL(/\?edit=ai$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });

  test('a new page starts at the top; back and forward restore where the reader was', async ({ page }) => {
    await page.goto('/tos');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Scrolled again on each look: a scroll made before the page (a chunk fetched on first visit) has its
    // height, or before it moves to the top as a new page, is lost (this flaked under load).
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, 900);
          return window.scrollY;
        }),
      )
      .toBe(900);

    await page
      .getByRole('banner')
      .getByRole('link', { name: `@${credentials.username}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${credentials.username}$`));
    // The address changes first; the page (its code fetched on first visit) then commits at the top.
    await expect(page.getByRole('heading', { level: 1, name: credentials.name })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/tos$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);

    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`/${credentials.username}$`));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
