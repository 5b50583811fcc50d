import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { Message } from '../../src/contracts/messages.js';
import { signIn, type Credentials } from './users.js';

/** A signed-in browser of its own (separate cookies and storage), opened on `path`. */
export async function openAs(browser: Browser, credentials: Credentials, path = '/chat') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signIn(page, credentials);
  await page.goto(path);
  return { context, page, user };
}

/** Sends a message through the API as `credentials` (signs the request context in first). */
export async function sendAs(
  request: APIRequestContext,
  credentials: Credentials,
  recipientId: string,
  text: string,
): Promise<Message> {
  const login = await request.post('/api/users/login', {
    data: { username: credentials.username, password: credentials.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const response = await request.post('/api/messages', { data: { message: text, recipientId } });
  expect(response.status(), await response.text()).toBe(201);
  return Message.parse(await response.json());
}

/** The contact list of the chat screen. */
export function contactList(page: Page): Locator {
  return page.getByRole('list', { name: 'Conversations' });
}

/** The list entry of the conversation with `username`. */
export function contactEntry(page: Page, username: string): Locator {
  return contactList(page).getByRole('link', { name: new RegExp(`@${username}\\b`) });
}

/** The usernames in the contact list, top to bottom. */
export async function contactOrder(page: Page): Promise<string[]> {
  const handles = await contactList(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.querySelector('[class*="handle"]')?.textContent ?? ''));
  return handles.map((handle) => handle.replace(/^@/, ''));
}

/** The message composer of the open conversation. */
export function composer(page: Page, username: string): Locator {
  return page.getByRole('textbox', { name: `Message @${username}` });
}

/** Waits until the tab's live connection is up: events sent before that would not reach it. */
export async function expectLive(page: Page): Promise<void> {
  await expect(page.locator('[data-connection="connected"]')).toHaveCount(1);
}

/** Marks the window so a later check can prove the page never reloaded. */
export async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __noReload: true }));
}

export async function expectNoReload(page: Page): Promise<void> {
  expect(await page.evaluate(() => '__noReload' in window)).toBe(true);
}
