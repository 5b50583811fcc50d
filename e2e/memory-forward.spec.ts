import { expect, test, type Page } from '@playwright/test';
import { composer, openAs } from './support/chat.js';
import { createUser, newCredentials, signIn } from './support/users.js';

// Conversation memory and forwarding through the real server, whose AI provider is the fake of
// e2e/support/fake-ai-server.ts: "remember that …" becomes a remembered fact, and "recall" makes the fake
// say back the facts the persona's prompt carried.

async function say(page: Page, text: string) {
  const box = composer(page, 'ai');
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

/** Waits for the persona's stored reply to `count` messages (its bubbles, oldest first). */
async function repliesShown(page: Page, count: number) {
  await expect(page.getByRole('log').locator('article:not([data-streaming])')).toHaveCount(count * 2);
}

test('a persona remembers what the person tells it, the person edits it, and the next prompt uses it', async ({
  page,
}) => {
  const me = newCredentials('memory');
  await createUser(page.request, me);
  await signIn(page, me);
  await page.goto('/chat/:ai');

  await say(page, 'Please remember that I sail on weekends');
  await repliesShown(page, 1);

  await page.getByRole('button', { name: 'memory, what @ai remembers' }).click();
  const dialog = page.getByRole('dialog', { name: 'What @ai remembers' });
  const memories = dialog.getByRole('list', { name: 'Memories of @ai' });
  await expect(memories.getByText('I sail on weekends.')).toBeVisible();
  await memories.getByRole('button', { name: 'Edit' }).click();
  const edit = memories.getByRole('textbox', { name: 'Edit memory' });
  await edit.fill('I sail on Sundays.');
  await edit.press('Enter');
  await expect(memories.getByText('I sail on Sundays.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  await say(page, 'What do you recall about me?');
  await repliesShown(page, 2);
  await expect(page.getByRole('log').getByText('You told me I sail on Sundays.')).toBeVisible();
});

test('a persona’s answer forwarded to a person arrives quoted with its first author', async ({
  page,
  browser,
}) => {
  const ada = newCredentials('fwdfrom');
  const bob = newCredentials('fwdto');
  await createUser(page.request, ada);
  await createUser(page.request, bob);
  await signIn(page, ada);
  await page.goto('/chat/:ai');
  await say(page, 'Tell me something');
  await repliesShown(page, 1);

  const reply = page.getByRole('log').locator('article').nth(1);
  await reply.getByRole('button', { name: 'Forward message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forward message' });
  await dialog.getByRole('textbox', { name: 'Forward to' }).fill(`@${bob.username}`);
  await dialog.getByRole('button', { name: 'Forward' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Forwarded to @${bob.username}` })).toBeVisible();

  const other = await openAs(browser, bob, `/chat/:${ada.username}`);
  const quote = other.page.getByRole('log').locator('blockquote');
  await expect(quote.getByText('Forwarded from @ai')).toBeVisible();
  await expect(quote).toContainText('I am your assistant');
  await other.context.close();
});
