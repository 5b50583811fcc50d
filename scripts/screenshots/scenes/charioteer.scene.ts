import { expect, test, type Page } from '@playwright/test';
import { createPersona } from '../../../e2e/support/personas.js';
import { createUser, signIn } from '../../../e2e/support/users.js';
import { THEMES, WIDTHS, person, shoot, suffix, useTheme, viewport, waitForExactly } from './shoot.js';

const transcript = (page: Page) => page.getByRole('log', { name: 'Transcript' });
const storedTurns = (page: Page) => transcript(page).locator('article:not([data-streaming])');
const streamingWords = (page: Page) =>
  transcript(page).locator('article[data-streaming="true"]').locator('p').nth(1);

for (const width of WIDTHS) {
  test.describe(`charioteer at ${width} px`, () => {
    test.use({ viewport: viewport(width), reducedMotion: 'reduce' });

    test('setup, a turn mid-stream, a finished and a failed discussion', async ({ page, request }) => {
      test.setTimeout(180_000);
      const credentials = person('Joan', width);
      await createUser(request, credentials);
      await signIn(page, credentials);
      const usernames = ['Ada', 'Basil', 'Cleo'].map((name) => `${name.toLowerCase()}seat${width}`);
      for (const [i, username] of usernames.entries()) {
        await createPersona(page.request, {
          username,
          name: `${['Ada', 'Basil', 'Cleo'][i]} Seat`,
          tag: 'Fun',
        });
      }
      const phone = width < 700;
      const joinIn = page.getByLabel('Join in');

      await page.goto('/charioteer');
      await expect(page.getByRole('heading', { name: 'Charioteer', level: 1 })).toBeVisible();
      const search = page.getByRole('searchbox', { name: 'Search personas' });
      for (const username of usernames) {
        await search.fill(username);
        await page.getByRole('button', { name: `Seat @${username}` }).click();
        await expect(page.getByRole('button', { name: `Seat @${username}` })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
      }
      await search.fill('');
      await expect(page.getByText('3 of 5 seats taken.')).toBeVisible();
      // "haltingly" makes the fake model write the opening turn a word every 2 s (a steady mid-stream picture).
      await page.getByLabel('Topic').fill('Tell me haltingly: is tea better than coffee?');
      await page.getByLabel('Turns').selectOption('3');
      for (const theme of THEMES) {
        await useTheme(page, theme);
        await shoot(page, `charioteer-setup${suffix(theme)}`, { fullPage: false });
      }

      await useTheme(page, 'light');
      await page.getByRole('button', { name: 'Start discussion' }).click();
      // Each picture waits for its own word, so each has the full 2 s before the next one arrives.
      await waitForExactly(streamingWords(page), 'Hello! I');
      await shoot(page, 'charioteer-streaming', { fullPage: false });
      await waitForExactly(streamingWords(page), 'Hello! I am');
      await useTheme(page, 'star');
      await shoot(page, 'charioteer-streaming-star', { fullPage: false });
      if (phone) {
        await waitForExactly(streamingWords(page), 'Hello! I am your');
        await shoot(page, 'charioteer-streaming-log-star', { fullPage: false, focus: joinIn });
        await waitForExactly(streamingWords(page), 'Hello! I am your assistant.');
        await useTheme(page, 'light');
        await shoot(page, 'charioteer-streaming-log', { fullPage: false, focus: joinIn });
      }

      await expect(storedTurns(page)).toHaveCount(3, { timeout: 60_000 });
      await expect(page.getByTestId('discussion-status')).toContainText('Finished');
      await joinIn.fill('What about green tea?');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(storedTurns(page)).toHaveCount(4);
      await page.getByRole('button', { name: `@${usernames[2]} speaks next` }).click();
      await page.getByLabel('More turns').selectOption('2');
      await page.getByRole('button', { name: 'Resume' }).click();
      await expect(storedTurns(page)).toHaveCount(6, { timeout: 30_000 });
      await expect(page.getByTestId('discussion-status')).toContainText('Finished');
      for (const theme of THEMES) {
        await useTheme(page, theme);
        await shoot(page, `charioteer-finished${suffix(theme)}`, { fullPage: false });
        if (phone)
          await shoot(page, `charioteer-finished-log${suffix(theme)}`, { fullPage: false, focus: joinIn });
      }

      await joinIn.fill('please fail');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(storedTurns(page)).toHaveCount(7);
      await page.getByLabel('More turns').selectOption('1');
      await page.getByRole('button', { name: 'Resume' }).click();
      await expect(page.getByTestId('discussion-status')).toContainText('Failed', { timeout: 20_000 });
      await expect(page.getByRole('alert')).toBeVisible();
      for (const theme of THEMES) {
        await useTheme(page, theme);
        await shoot(page, `charioteer-failed${suffix(theme)}`, { fullPage: false });
      }

      await page.getByRole('link', { name: '← New discussion' }).click();
      await expect(page.getByRole('region', { name: 'Past discussions' })).toBeVisible();
      for (const theme of THEMES) {
        await useTheme(page, theme);
        await shoot(page, `charioteer-past${suffix(theme)}`, { fullPage: false });
      }
    });
  });
}
