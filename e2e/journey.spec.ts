import { expect, test } from '@playwright/test';
import { makePng } from './support/png.js';
import { createUser, newCredentials } from './support/users.js';

// The outcome journey of the web shell, end to end against the real server and database.
test('sign up, edit the profile with a picture, visit profiles, star mode, log out', async ({
  page,
  request,
}) => {
  const me = newCredentials('journey');

  await test.step('sign up lands on the AI messenger', async () => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Sign Up Invite' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(me.name);
    await page.getByLabel('Username', { exact: true }).fill(me.username);
    await page.getByLabel('Email', { exact: true }).fill(me.email);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/chat\/:ai$/);
    await expect(page.getByRole('heading', { name: 'Chat with @ai' })).toBeVisible();
    const stored = await page.evaluate(() => window.localStorage.getItem('me'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ username: me.username });
  });

  await test.step('the @ menu leads to my own profile', async () => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menu', { name: 'Menu' }).getByRole('menuitem', { name: 'Update' }).click();
    await expect(page).toHaveURL(new RegExp(`/${me.username}$`));
    await expect(page.getByRole('heading', { name: me.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Message' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Edit bio' }).click();
    await expect(page).toHaveURL(/\/update$/);
  });

  await test.step('edit bio and upload a PNG picture', async () => {
    await page.getByLabel('Bio', { exact: true }).fill('Testing my way through life.');
    await expect(page.getByText('28/105')).toBeVisible();
    await page.getByLabel('Choose picture', { exact: true }).setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: makePng(64, 64),
    });
    const preview = page.getByRole('img', { name: `Profile picture of ${me.name}` });
    await expect(preview).toHaveAttribute('src', /^data:image\/png;base64,/);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('status')).toHaveText('Profile updated');
    await expect(preview).toHaveAttribute('src', /^\/uploads\//);
  });

  await test.step('my profile shows the new bio and picture, Edit bio and no Message', async () => {
    await page.getByRole('link', { name: 'View profile' }).click();
    await expect(page.getByText('Testing my way through life.')).toBeVisible();
    const picture = page.getByRole('img', { name: `Profile picture of ${me.name}` });
    await expect(picture).toHaveAttribute('src', /^\/uploads\//);
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await expect(page.getByRole('link', { name: 'Edit bio' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Message' })).toHaveCount(0);
  });

  await test.step("another person's profile has a Message button", async () => {
    const other = await createUser(request, newCredentials('other'));
    await page.goto(`/${other.username}`);
    await expect(page.getByRole('heading', { name: other.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Message' })).toHaveAttribute(
      'href',
      `/chat/:${other.username}`,
    );
    await expect(page.getByRole('link', { name: 'Edit bio' })).toHaveCount(0);
  });

  await test.step('star mode is a theme that survives a reload', async () => {
    const toggle = page.getByRole('button', { name: 'Star mode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'star');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'star');
    await expect(page.getByRole('button', { name: 'Star mode' })).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('log out returns to /auth and really ends the session', async () => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => window.localStorage.getItem('me'))).toBeNull();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
    const me401 = await page.request.get('/api/users/me');
    expect(me401.status()).toBe(401);
  });
});
