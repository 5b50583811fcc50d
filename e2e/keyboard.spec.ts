import { expect, test } from '@playwright/test';
import { tabAndType, tabTo } from './support/keyboard.js';
import { newPersonaUsername } from './support/personas.js';
import { FAKE_AI_REPLY, askBox, outputBox } from './support/studio.js';
import { createUser, newCredentials, signIn } from './support/users.js';

// Journeys done with the keyboard alone: no clicks, only key presses and typing.

test('sign up', async ({ page }) => {
  const me = newCredentials('keys');
  await page.goto('/signup');
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await tabAndType(page, field('Name'), me.name);
  await tabAndType(page, field('Username'), me.username);
  await tabAndType(page, field('Email'), me.email);
  await tabAndType(page, field('Password'), me.password);
  await tabTo(page, page.getByRole('button', { name: 'Create account' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat\/:ai$/);
  await expect(page.getByRole('heading', { name: 'Chat with @ai' })).toBeVisible();
});

test.describe('signed in', () => {
  const me = newCredentials('keysme');
  const friend = newCredentials('keysfriend');

  test.beforeAll(async ({ request }) => {
    await createUser(request, me);
    await createUser(request, friend);
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page, me);
  });

  test('open the @ menu and go to the studio', async ({ page }) => {
    await page.goto('/explorer');
    const button = page.getByRole('button', { name: 'Menu' });
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Menu' });
    await expect(menu.getByRole('menuitem', { name: 'AI Messenger' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'AI Studio' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/studio$/);
    await expect(menu).toBeHidden();
    // Focus lands on the new page's title, so Tab goes on from the top of that page.
    await expect(page.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeFocused();
  });

  test('send a direct message to another user', async ({ page }) => {
    await page.goto('/chat');
    const search = page.getByRole('searchbox', { name: 'Search usernames' });
    await tabAndType(page, search, friend.username);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/chat/:${friend.username}$`));
    const composer = page.getByRole('textbox', { name: `Message @${friend.username}` });
    await tabAndType(page, composer, 'Typed without a mouse');
    await page.keyboard.press('Enter');
    await expect(composer).toHaveValue('');
    await expect(page.getByRole('log').getByText('Typed without a mouse')).toBeVisible();
  });

  test('create a persona', async ({ page }) => {
    const username = newPersonaUsername('keys');
    await page.goto('/create');
    const field = (name: RegExp) => page.getByRole('textbox', { name });
    await tabAndType(page, field(/^Name/), 'Keyboard Kate');
    await tabAndType(page, field(/^Username/), username);
    await tabAndType(page, field(/^Bio/), 'Made with the keyboard alone.');
    await tabAndType(page, field(/^Prompt/), 'You are Keyboard Kate. Answer briefly.');
    await tabAndType(page, field(/^Memory/), 'Likes shortcuts.');
    const category = page.getByRole('combobox', { name: /^Category/ });
    await tabTo(page, category);
    // Typing a letter picks the first option starting with it, as in any select.
    await page.keyboard.type('Helper');
    await expect(category).toHaveValue('Helper');
    await tabTo(page, page.getByRole('button', { name: 'Create AI' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${username}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Keyboard Kate' })).toBeFocused();
  });

  test('ask the studio a question', async ({ page }) => {
    await page.goto('/studio');
    await expect(page.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeVisible();
    await tabAndType(page, askBox(page), 'Say hello to me');
    await page.keyboard.press('Enter');
    await expect(outputBox(page)).toHaveValue(FAKE_AI_REPLY);
  });
});
