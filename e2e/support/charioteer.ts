import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createPersona, newPersonaUsername } from './personas.js';
import { createUser, newCredentials, signIn } from './users.js';

/** The discussion's transcript, and its turns: the one being written, and those stored. */
export const transcript = (page: Page) => page.getByRole('log', { name: 'Transcript' });
export const streamingTurn = (page: Page) => transcript(page).locator('article[data-streaming="true"]');
export const storedTurns = (page: Page) => transcript(page).locator('article:not([data-streaming])');

/** Finds a persona by its username in the setup's search and seats it at the table. */
export async function seat(page: Page, username: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search personas' }).fill(username);
  const button = page.getByRole('button', { name: `Seat @${username}` });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** Says something to the table as the signed-in person. */
export async function joinIn(page: Page, text: string): Promise<void> {
  await page.getByLabel('Join in').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Lets the table talk for `turns` more turns. */
export async function resume(page: Page, turns: number): Promise<void> {
  await page.getByLabel('More turns').selectOption(String(turns));
  await page.getByRole('button', { name: 'Resume' }).click();
}

/**
 * Signs a new user in, has them create one persona per name, seats them all and starts a discussion;
 * resolves, once the table is open, with the personas' usernames in seat order.
 */
export async function startTable(
  page: Page,
  request: APIRequestContext,
  options: { prefix: string; names: string[]; topic: string; turns: number },
): Promise<string[]> {
  const credentials = newCredentials(options.prefix);
  await createUser(request, credentials);
  await signIn(page, credentials);
  const usernames: string[] = [];
  for (const name of options.names) {
    const username = newPersonaUsername(name.replace(/\W/g, '').toLowerCase().slice(0, 8));
    usernames.push(username);
    await createPersona(page.request, { username, name, tag: 'AI' });
  }
  await page.goto('/charioteer');
  for (const username of usernames) await seat(page, username);
  await page.getByLabel('Topic').fill(options.topic);
  await page.getByLabel('Turns').selectOption(String(options.turns));
  await page.getByRole('button', { name: 'Start discussion' }).click();
  await expect(page).toHaveURL(/\/charioteer\?d=/);
  return usernames;
}
