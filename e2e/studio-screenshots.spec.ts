import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import {
  FAKE_AI_REPLY,
  askBox,
  contextBox,
  openStudio,
  outputBox,
  pdfFixtures,
  pdfInput,
  savedItems,
} from './support/studio.js';
import { createUser, newCredentials, signIn } from './support/users.js';

const OUT = path.join('e2e', '.artifacts', 'screenshots');
const WIDTHS = [375, 1280] as const;

async function shoot(page: Page, name: string, width: number, { fullPage = true } = {}) {
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, `studio-${name}-${width}.png`), fullPage });
}

async function useStarMode(page: Page, on: boolean) {
  const toggle = page.getByRole('button', { name: 'Star mode' });
  if ((await toggle.getAttribute('aria-pressed')) !== String(on)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', String(on));
}

for (const width of WIDTHS) {
  test.describe(`studio screenshots at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 812 : 800 }, reducedMotion: 'reduce' });

    test('empty, streaming, answered with context and files, delete question; both themes', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const credentials = newCredentials(`studio${width}`);
      await createUser(request, credentials);
      await signIn(page, credentials);

      for (const star of [false, true]) {
        const suffix = star ? '-star' : '';
        await openStudio(page);
        await useStarMode(page, star);
        await shoot(page, `empty${suffix}`, width);

        await askBox(page).fill('Write a friendly greeting, slowly');
        await askBox(page).press('Enter');
        await expect(outputBox(page)).toHaveValue(/Hello! I am/, { timeout: 15_000 });
        await shoot(page, `streaming${suffix}`, width, { fullPage: false });
        await expect(outputBox(page)).toHaveValue(FAKE_AI_REPLY, { timeout: 15_000 });

        await page.getByRole('button', { name: 'Save output to memory' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'as a note.' })).toBeVisible();
        await page.getByRole('button', { name: 'Pro/Max' }).click();
        await savedItems(page).selectOption({ index: 1 });
        await expect(contextBox(page)).toHaveValue(FAKE_AI_REPLY);
        const [first, second] = pdfFixtures();
        if (!first || !second) throw new Error('need two PDF fixtures');
        await pdfInput(page).setInputFiles(
          [first, second].map(({ name, buffer }) => ({ name, mimeType: 'application/pdf', buffer })),
        );
        await expect(page.getByRole('textbox', { name: `Text from ${second.name}` })).toBeVisible({
          timeout: 30_000,
        });
        await shoot(page, `pro${suffix}`, width);

        await page.getByRole('button', { name: 'Delete saved item' }).click();
        await expect(page.getByRole('alertdialog')).toBeVisible();
        await shoot(page, `delete${suffix}`, width, { fullPage: false });
        await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
      }
    });
  });
}
