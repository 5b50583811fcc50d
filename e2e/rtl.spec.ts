import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { RTL_FIXTURES } from '../test/fixtures/fixture-paths.js';
import { editorPdfInput, fixture, openEditor, waitForDocument } from './support/editor.js';
import { contextBox, openStudio, pdfInput } from './support/studio.js';
import { createUser, newCredentials, signIn } from './support/users.js';

/** The Arabic note printed by Chromium: its text layer holds presentation forms, drawn glyph by glyph. */
const ARABIC_PDF = {
  name: 'arabic-note.pdf',
  mimeType: 'application/pdf',
  buffer: fs.readFileSync(path.join(RTL_FIXTURES, 'arabic-note.pdf')),
};
const ARABIC_LINES = fs.readFileSync(path.join(RTL_FIXTURES, 'arabic-note.txt'), 'utf8').trim().split('\n');
const PRESENTATION_FORMS = /[\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** The text boxes on the page without dir="auto" (their labels), which should be none. */
const boxesWithoutAutoDirection = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('textarea, input')]
      .filter((box) => box instanceof HTMLTextAreaElement || ['text', 'search'].includes(box.type))
      .filter((box) => box.getAttribute('dir') !== 'auto')
      .map((box) => box.getAttribute('aria-label') ?? box.outerHTML),
  );

/** The "N characters" of a file's intake report. */
async function reportedCharacters(page: Page, name: string): Promise<string> {
  const report = page.getByRole('group', { name: `Intake report for ${name}` });
  await expect(report).toContainText(/characters/, { timeout: 60_000 });
  return /([\d,]+) characters?/.exec((await report.textContent()) ?? '')?.[1] ?? '';
}

test.describe('Arabic and other right-to-left text', () => {
  test.beforeEach(async ({ page, request }) => {
    const credentials = newCredentials('rtl');
    await createUser(request, credentials);
    await signIn(page, credentials);
  });

  test('a PDF in presentation forms is read as typed, saved as a note, and found by recall and search', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openStudio(page, { pro: true });
    await pdfInput(page).setInputFiles([ARABIC_PDF]);
    const fileText = page.getByRole('textbox', { name: `Text from ${ARABIC_PDF.name}` });
    await expect(fileText).toBeVisible({ timeout: 60_000 });
    const read = await fileText.inputValue();
    expect(read).not.toMatch(PRESENTATION_FORMS);
    for (const line of ARABIC_LINES) expect(read).toContain(line);
    await expect(fileText).toHaveAttribute('dir', 'auto');
    expect(await boxesWithoutAutoDirection(page)).toEqual([]);

    await openEditor(page);
    await editorPdfInput(page).setInputFiles([ARABIC_PDF]);
    await waitForDocument(page);
    await page.getByRole('button', { name: 'Save as note' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved the note' })).toBeVisible({
      timeout: 30_000,
    });

    await openStudio(page, { pro: true });
    await page.getByRole('searchbox', { name: 'Search memory' }).fill('العربية');
    await page.getByRole('button', { name: 'Recall from memory' }).click();
    await expect(contextBox(page)).toHaveValue(/اللغة العربية/);
    await expect(contextBox(page)).toHaveAttribute('dir', 'auto');

    await page.getByRole('heading', { level: 1, name: 'AI Studio' }).click();
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('searchbox').fill('العربية');
    const hit = dialog.getByRole('link').filter({ hasText: 'العربية' }).first();
    await expect(hit).toBeVisible();
    await expect(hit.locator('[dir="auto"]').filter({ hasText: 'العربية' }).first()).toBeVisible();
    expect(await boxesWithoutAutoDirection(page)).toEqual([]);
  });

  test('the Studio and the Editor count the same characters for the same PDF', async ({ page }) => {
    test.setTimeout(120_000);
    // A filled-in form: its typed field values are text on the page too.
    const form = fixture('prefilled_f1040.pdf');
    await openStudio(page, { pro: true });
    await pdfInput(page).setInputFiles([form]);
    const studio = await reportedCharacters(page, form.name);

    await openEditor(page);
    await editorPdfInput(page).setInputFiles([form]);
    await waitForDocument(page);
    expect(await reportedCharacters(page, form.name)).toBe(studio);
  });
});
