import { expect, test, type Page } from '@playwright/test';
import { joinIn, resume, seat, storedTurns, streamingTurn } from '../../../e2e/support/charioteer.js';
import { createPersona } from '../../../e2e/support/personas.js';
import { THEMES, atEachWidth, shoot, signUpAndIn, suffix, useTheme, waitForExactly } from './shoot.js';

const streamingWords = (page: Page) => streamingTurn(page).locator('p').nth(1);

atEachWidth('charioteer', (width) => {
  test('setup, a turn mid-stream, a finished and a failed discussion', async ({ page, request }) => {
    test.setTimeout(180_000);
    await signUpAndIn(page, request, 'Joan');
    const usernames: string[] = [];
    for (const name of ['Ada', 'Basil', 'Cleo']) {
      const persona = await createPersona(page.request, {
        username: `${name.toLowerCase()}seat${width}`,
        name: `${name} Seat`,
        tag: 'Fun',
      });
      usernames.push(persona.username);
    }
    const phone = width < 700;
    const joinBox = page.getByLabel('Join in');

    await page.goto('/charioteer');
    await expect(page.getByRole('heading', { name: 'Charioteer', level: 1 })).toBeVisible();
    for (const username of usernames) await seat(page, username);
    await page.getByRole('searchbox', { name: 'Search personas' }).fill('');
    await expect(page.getByText('3 of 5 seats taken.')).toBeVisible();
    // The list keeps whatever scroll the last seated persona left it at, which depends on timing; start at the top.
    const personas = page.getByRole('list', { name: 'Personas' });
    await expect(personas.getByRole('button', { name: `Seat @${usernames[0]}` })).toBeVisible();
    await personas.evaluate((list) => list.scrollTo(0, 0));
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
    await waitForExactly(streamingWords(page), 'Hello I');
    await shoot(page, 'charioteer-streaming', { fullPage: false });
    await waitForExactly(streamingWords(page), 'Hello I am');
    await useTheme(page, 'star');
    await shoot(page, 'charioteer-streaming-star', { fullPage: false });
    if (phone) {
      await waitForExactly(streamingWords(page), 'Hello I am your');
      await shoot(page, 'charioteer-streaming-log-star', { fullPage: false, focus: joinBox });
      await waitForExactly(streamingWords(page), 'Hello I am your assistant.');
      await useTheme(page, 'light');
      await shoot(page, 'charioteer-streaming-log', { fullPage: false, focus: joinBox });
    }

    await expect(storedTurns(page)).toHaveCount(3, { timeout: 60_000 });
    await expect(page.getByTestId('discussion-status')).toContainText('Finished');
    await joinIn(page, 'What about green tea?');
    await expect(storedTurns(page)).toHaveCount(4);
    await page.getByRole('button', { name: `@${usernames[2]} speaks next` }).click();
    await resume(page, 2);
    await expect(storedTurns(page)).toHaveCount(6, { timeout: 30_000 });
    await expect(page.getByTestId('discussion-status')).toContainText('Finished');
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await shoot(page, `charioteer-finished${suffix(theme)}`, { fullPage: false });
      if (phone)
        await shoot(page, `charioteer-finished-log${suffix(theme)}`, { fullPage: false, focus: joinBox });
    }

    await joinIn(page, 'please fail');
    await expect(storedTurns(page)).toHaveCount(7);
    await resume(page, 1);
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
