import { expect, type Page } from '@playwright/test';

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
