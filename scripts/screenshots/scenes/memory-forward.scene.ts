import { expect, test, type Page } from '@playwright/test';
import { storedTexts } from '../../../e2e/support/ai-chat.js';
import { composer } from '../../../e2e/support/chat.js';
import { THEMES, atEachWidth, shoot, signUpAndIn, suffix, useTheme } from './shoot.js';

async function send(page: Page, text: string) {
  await composer(page, 'ai').fill(text);
  await composer(page, 'ai').press('Enter');
}

atEachWidth('memory and forwarding', () => {
  test('what a persona remembers, and forwarding its answer', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signUpAndIn(page, request, 'Mae');
    await page.goto('/chat/:ai');
    // The fake model remembers "that …" (e2e/support/fake-ai-server.ts).
    await send(page, 'Please remember that I sail on weekends');
    await expect.poll(() => storedTexts(page)).toHaveLength(2);
    await send(page, 'And remember that I prefer short answers');
    await expect.poll(() => storedTexts(page)).toHaveLength(4);

    for (const theme of THEMES) {
      await useTheme(page, theme);
      await page.getByRole('button', { name: 'memory, what @ai remembers' }).click();
      const dialog = page.getByRole('dialog', { name: 'What @ai remembers' });
      await expect(dialog.getByText('I prefer short answers.')).toBeVisible();
      await shoot(page, `memory-dialog${suffix(theme)}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Done' }).click();

      await page
        .getByRole('log')
        .locator('article')
        .nth(1)
        .getByRole('button', { name: 'Forward message' })
        .click();
      const forward = page.getByRole('dialog', { name: 'Forward message' });
      await forward.getByRole('textbox', { name: 'Forward to' }).fill('@grace');
      await shoot(page, `forward-dialog${suffix(theme)}`, { fullPage: false });
      await forward.getByRole('button', { name: 'Cancel' }).click();
    }
  });
});
