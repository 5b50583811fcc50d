import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { makePng } from './support/png.js';
import { createUser, newCredentials, signIn } from './support/users.js';

const OUT = path.join('e2e', '.artifacts', 'screenshots');
const WIDTHS = [375, 1280] as const;

async function shoot(page: Page, name: string, width: number) {
  // Fixed bars would be drawn at the scroll offset in a full-page capture, so start from the top, and
  // let fonts and entry animations settle so the picture shows the resting state.
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: true });
}

for (const width of WIDTHS) {
  test.describe(`screenshots at ${width} px`, () => {
    // Reduced motion shows the typed tagline whole instead of a random moment of its animation.
    test.use({ viewport: { width, height: width < 500 ? 812 : 800 }, reducedMotion: 'reduce' });

    test('visitor pages', async ({ page }) => {
      for (const [route, name, heading] of [
        ['/', 'login', 'Welcome back'],
        ['/signup', 'signup', 'Sign Up Invite'],
        ['/tos', 'tos', 'Terms & privacy'],
        ['/about', 'about', 'About Simplified'],
      ] as const) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        if (route === '/tos') await expect(page.getByRole('link', { name: /@/ }).first()).toBeVisible();
        await shoot(page, name, width);
      }
      await page.goto('/someone');
      await shoot(page, 'profile-visitor', width);
    });

    test('signed-in pages', async ({ page, request }) => {
      const credentials = newCredentials(`shot${width}`);
      const me = await createUser(request, credentials);
      const other = await createUser(request, newCredentials('grace'));
      await signIn(page, credentials);

      await page.goto('/update');
      await page
        .getByLabel('Bio', { exact: true })
        .fill('Curious about everything. Building calm software, one small step at a time.');
      await page
        .getByLabel('Choose picture', { exact: true })
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(96, 96) });
      await page.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByRole('status')).toHaveText('Profile updated');
      await shoot(page, 'profile-edit', width);

      await page.goto(`/${me.username}`);
      await expect(page.getByRole('link', { name: 'Edit bio' })).toBeVisible();
      await shoot(page, 'profile-own', width);

      await page.goto(`/${other.username}`);
      await expect(page.getByRole('link', { name: 'Message' })).toBeVisible();
      await shoot(page, 'profile-other', width);

      await page.getByRole('button', { name: 'Menu' }).click();
      await shoot(page, 'menu-open', width);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Star mode' }).click();
      await shoot(page, 'profile-other-star', width);
      await page.goto('/update');
      await shoot(page, 'profile-edit-star', width);
      await page.goto('/tos');
      await shoot(page, 'tos-star', width);
    });
  });
}
