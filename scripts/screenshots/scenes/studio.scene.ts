import { expect, test } from '@playwright/test';
import {
  FAKE_AI_REPLY,
  askBox,
  contextBox,
  openStudio,
  outputBox,
  pdfFixtures,
  pdfInput,
  savedItems,
} from '../../../e2e/support/studio.js';
import {
  THEMES,
  atEachWidth,
  setPressed,
  shoot,
  signUpAndIn,
  suffix,
  useTheme,
  waitForExactly,
} from './shoot.js';

atEachWidth('studio', () => {
  test('empty, mid-stream, with context and files, and the delete question', async ({ page, request }) => {
    test.setTimeout(180_000);
    const [first, second] = pdfFixtures();
    if (!first || !second) throw new Error('need two PDF fixtures');

    for (const theme of THEMES) {
      // A new person for each theme, so both pictures start from the same empty studio.
      await signUpAndIn(page, request, theme === 'star' ? 'Radia' : 'Ruth');
      await openStudio(page);
      await setPressed(page.getByRole('button', { name: 'Pro/Max' }), false);
      await useTheme(page, theme);
      await shoot(page, `studio-empty${suffix(theme)}`);

      // "haltingly": a word every 2 s, so the picture shows the same words on every run; Stop keeps them.
      await askBox(page).fill('Write a friendly greeting, haltingly');
      await askBox(page).press('Enter');
      await waitForExactly(outputBox(page), 'Hello! I');
      await shoot(page, `studio-streaming${suffix(theme)}`, { fullPage: false });
      await page.getByRole('button', { name: 'Stop' }).click();
      await expect(page.getByText('Stopped. What arrived is kept.')).toBeVisible();

      await askBox(page).fill('Write a friendly greeting');
      await askBox(page).press('Enter');
      await expect(outputBox(page)).toHaveValue(FAKE_AI_REPLY, { timeout: 15_000 });
      await page.getByRole('button', { name: 'Save output to memory' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'as a note.' })).toBeVisible();
      await setPressed(page.getByRole('button', { name: 'Pro/Max' }), true);
      await savedItems(page).selectOption({ index: 1 });
      await expect(contextBox(page)).toHaveValue(FAKE_AI_REPLY);
      await pdfInput(page).setInputFiles(
        [first, second].map(({ name, buffer }) => ({ name, mimeType: 'application/pdf', buffer })),
      );
      for (const { name } of [first, second]) {
        await expect(page.getByRole('textbox', { name: `Text from ${name}` })).not.toHaveValue('', {
          timeout: 30_000,
        });
      }
      await shoot(page, `studio-pro${suffix(theme)}`);

      await page.getByRole('button', { name: 'Delete saved item' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await shoot(page, `studio-delete${suffix(theme)}`, { fullPage: false });
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    }
  });
});
