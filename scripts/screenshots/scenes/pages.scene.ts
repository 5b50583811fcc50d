import { expect, test } from '@playwright/test';
import { makePng } from '../../../e2e/support/png.js';
import { createUser } from '../../../e2e/support/users.js';
import {
  THEMES,
  atEachWidth,
  person,
  shoot,
  signUpAndIn,
  suffix,
  useStoredTheme,
  useTheme,
} from './shoot.js';

atEachWidth('pages', (width) => {
  test('visitor pages: login, signup, terms, about and a profile address', async ({ page }) => {
    await page.goto('/about');
    for (const theme of THEMES) {
      await useStoredTheme(page, theme);
      for (const [route, name, heading] of [
        ['/', 'login', 'Welcome back'],
        ['/signup', 'signup', 'Sign Up Invite'],
        ['/tos', 'tos', 'Terms & privacy'],
        ['/about', 'about', 'About Simplified'],
        ['/auth', 'auth-login', 'Welcome back'],
        ['/auth?mode=signup', 'auth-signup', 'Sign Up Invite'],
        ['/no/such/page', 'not-found', 'Page not found'],
      ] as const) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        if (route === '/tos') await expect(page.getByRole('link', { name: /@/ }).first()).toBeVisible();
        await shoot(page, `${name}${suffix(theme)}`);
      }
      await page.goto('/someone');
      await expect(page.getByRole('main')).toContainText('Hello internet traveller');
      await shoot(page, `profile-visitor${suffix(theme)}`);
    }
  });

  test('profile, profile edit and the @ menu', async ({ page, request }) => {
    const other = await createUser(request, person('Grace', width));
    const me = await signUpAndIn(page, request, 'Ada');

    await page.goto('/update');
    await page
      .getByLabel('Bio', { exact: true })
      .fill('Curious about everything. Building calm software, one small step at a time.');
    await page
      .getByLabel('Choose picture', { exact: true })
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(96, 96) });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('status')).toHaveText('Profile updated');

    for (const theme of THEMES) {
      await useTheme(page, theme);
      await page.goto('/update');
      await expect(page.getByRole('img', { name: /Profile picture/ })).toBeVisible();
      await shoot(page, `profile-edit${suffix(theme)}`);
      await page.getByRole('button', { name: 'Delete my account…' }).click();
      const deleting = page.getByRole('alertdialog', { name: 'Delete your account?' });
      await expect(deleting).toBeVisible();
      await shoot(page, `delete-account${suffix(theme)}`, { fullPage: false });
      await deleting.getByRole('button', { name: 'Keep my account' }).click();

      await page.goto(`/${me.username}`);
      await expect(page.getByRole('link', { name: 'Edit bio' })).toBeVisible();
      await shoot(page, `profile-own${suffix(theme)}`);

      await page.goto(`/${other.username}`);
      await expect(page.getByRole('link', { name: 'Message' })).toBeVisible();
      await shoot(page, `profile-other${suffix(theme)}`);

      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('menu', { name: 'Menu' })).toBeVisible();
      await shoot(page, `menu-open${suffix(theme)}`);
      await page.keyboard.press('Escape');
    }
  });

  test('a deleted account’s conversation and profile', async ({ page, request, playwright }) => {
    const zed = person('Zed', width);
    const zedUser = await createUser(request, zed);
    const me = await signUpAndIn(page, request, 'Yara');
    const zeds = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    await zeds.post('/api/users/login', { data: { username: zed.username, password: zed.password } });
    await zeds.post('/api/messages', {
      data: { message: 'Moving on. Thanks for everything!', recipientId: me._id },
    });
    expect((await zeds.delete('/api/users/me', { data: { password: zed.password } })).status()).toBe(200);
    await zeds.dispose();
    await page.goto('/chat');

    for (const theme of THEMES) {
      await useTheme(page, theme);
      await page.goto(`/chat/:${zedUser.username}`);
      await expect(page.getByText('You can read this conversation, but not reply.')).toBeVisible();
      await shoot(page, `chat-deleted-account${suffix(theme)}`);
      await page.goto(`/${zedUser.username}`);
      await expect(page.getByRole('heading', { name: 'deleted account' })).toBeVisible();
      await shoot(page, `profile-deleted${suffix(theme)}`);
    }
  });
});
