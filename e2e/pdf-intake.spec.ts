import { expect, test } from '@playwright/test';
import {
  expectOcrRunning,
  guardNetwork,
  intakeFile,
  ocrOverlap,
  PROTECTED,
  SCANNED_TEXT,
  watchWorkers,
} from './support/intake.js';
import { editorPdfInput, fixture, openEditor, tabNames } from './support/editor.js';
import { openStudio, pdfInput } from './support/studio.js';
import { createUser, newCredentials, signIn } from './support/users.js';

test.describe('PDF intake report in the Studio', () => {
  test.beforeEach(async ({ page, request }) => {
    const credentials = newCredentials('intake');
    await createUser(request, credentials);
    await signIn(page, credentials);
  });

  test('an image-only PDF fixture is OCR’d to text that matches its known content, with nothing fetched from elsewhere', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const network = await guardNetwork(page, baseURL ?? '');
    const workers = watchWorkers(page);
    await openStudio(page, { pro: true });

    await pdfInput(page).setInputFiles([intakeFile('scanned-letter.pdf')]);
    await expectOcrRunning(page, 'scanned-letter.pdf');
    await expect(page.getByRole('button', { name: 'Cancel OCR of scanned-letter.pdf' })).toBeVisible();

    const box = page.getByRole('textbox', { name: 'Text from scanned-letter.pdf' });
    await expect(box).toBeVisible({ timeout: 150_000 });
    const text = await box.inputValue();
    const { ratio, missing } = ocrOverlap(SCANNED_TEXT, text);
    test
      .info()
      .annotations.push({ type: 'OCR', description: `overlap ${(ratio * 100).toFixed(1)}%: ${text}` });
    expect(ratio, `missing: ${missing.join(' ')}`).toBeGreaterThanOrEqual(0.9);

    const report = page.getByRole('group', { name: 'Intake report for scanned-letter.pdf' });
    // The two pages' texts are joined with one space.
    const characters = (text.length - 1).toLocaleString('en-US');
    await expect(report).toContainText(`2 pages · ${characters} characters · 2 pages with no text`);
    await expect(report).toContainText('Read with OCR: pages 1–2.');
    await expect(report.getByRole('list')).toHaveCount(0);

    // The OCR worker came from the app's own assets, and is stopped once the file is read.
    const ocrWorker = workers.find((worker) => /\/assets\/worker\.min-[\w-]+\.js$/.test(worker.url));
    expect(ocrWorker, workers.map((worker) => worker.url).join(', ')).toBeDefined();
    await expect.poll(() => ocrWorker?.closed).toBe(true);
    expect(network.foreign).toEqual([]);
    // The engine's worker script, its wasm core and the English data all came from the app's assets.
    const ocrAssets = network.seen.filter((url) => /traineddata|tesseract-core|\/worker\.min/.test(url));
    expect(ocrAssets).toHaveLength(3);
    for (const url of ocrAssets) expect(url.startsWith(`${baseURL}/assets/`)).toBe(true);
    expect(network.cspViolations).toEqual([]);
  });

  test('cancelling OCR stops its worker and the report says which pages were left out', async ({ page }) => {
    test.setTimeout(120_000);
    const workers = watchWorkers(page);
    await openStudio(page, { pro: true });
    await pdfInput(page).setInputFiles([intakeFile('scanned-letter.pdf')]);
    await expectOcrRunning(page, 'scanned-letter.pdf');
    await page.getByRole('button', { name: 'Cancel OCR of scanned-letter.pdf' }).click();

    await expect(page.getByRole('list', { name: 'Reading PDFs' })).toHaveCount(0, { timeout: 30_000 });
    // Cancelled on page 1, the file gives no text and is listed as failed; on page 2, page 1 is kept.
    const said = page
      .getByRole('alert')
      .or(page.getByRole('list', { name: 'Left out of scanned-letter.pdf' }));
    await expect(said).toContainText(/pages? [12](–2)?: OCR was cancelled/);
    const ocrWorker = workers.find((worker) => worker.url.includes('/assets/worker.min-'));
    await expect.poll(() => ocrWorker?.closed).toBe(true);
  });

  test('a password-protected PDF asks for its password, again after a wrong one', async ({ page }) => {
    await openStudio(page, { pro: true });
    await pdfInput(page).setInputFiles([intakeFile('protected-note.pdf')]);
    const dialog = page.getByRole('dialog', { name: '“protected-note.pdf” is password-protected' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('PDF password').fill('not it');
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(dialog.getByText('That password is not right. Try again.')).toBeVisible();
    await dialog.getByLabel('PDF password').fill(PROTECTED.password);
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('textbox', { name: 'Text from protected-note.pdf' })).toHaveValue(
      PROTECTED.text,
    );
    await expect(page.getByRole('group', { name: 'Intake report for protected-note.pdf' })).toContainText(
      '1 page · 54 characters · every page has text',
    );

    // Skipped, the file is listed with the reason.
    await pdfInput(page).setInputFiles([intakeFile('protected-note.pdf')]);
    await dialog.getByRole('button', { name: 'Skip this file' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'protected-note.pdf: Failed to extract text from PDF: the file is password-protected and no password was given',
    );
  });
});

test.describe('PDF intake report in the Editor', () => {
  test.beforeEach(async ({ page, request }) => {
    const credentials = newCredentials('intake');
    await createUser(request, credentials);
    await signIn(page, credentials);
    await openEditor(page);
  });

  test('a scanned PDF is read with OCR; its report shows, and Send to Studio names what it sends', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const network = await guardNetwork(page, baseURL ?? '');
    await editorPdfInput(page).setInputFiles([intakeFile('scanned-letter.pdf')]);
    await expectOcrRunning(page, 'scanned-letter.pdf');

    const report = page.getByRole('group', { name: 'Intake report for scanned-letter.pdf' });
    await expect(report).toContainText(/^2 pages · [\d,]+ characters · 2 pages with no text/, {
      timeout: 150_000,
    });
    await expect(report).toContainText('Read with OCR: pages 1–2.');

    await page.getByRole('button', { name: 'Send to Studio' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The whole text' })).toContainText(
      /The whole text \([\d,]+ characters\) is in the Studio’s context\./,
    );
    await page.getByRole('link', { name: 'Open the Studio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Pro/Max' });
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    const context = await page.getByRole('textbox', { name: /^Context/ }).inputValue();
    expect(ocrOverlap(SCANNED_TEXT, context).ratio).toBeGreaterThanOrEqual(0.9);
    expect(network.foreign).toEqual([]);
    expect(network.cspViolations).toEqual([]);
  });

  test('cancelling OCR in the Editor lists the pages left out', async ({ page }) => {
    await editorPdfInput(page).setInputFiles([intakeFile('scanned-letter.pdf')]);
    await expectOcrRunning(page, 'scanned-letter.pdf');
    await page.getByRole('button', { name: 'Cancel OCR of scanned-letter.pdf' }).click();
    await expect(page.getByRole('list', { name: 'Left out of scanned-letter.pdf' })).toContainText(
      /pages? [12](–2)?: OCR was cancelled\./,
    );
  });

  test('a protected PDF asks for its password once, then opens and is reported', async ({ page }) => {
    await editorPdfInput(page).setInputFiles([intakeFile('protected-note.pdf'), fixture('bug1868759.pdf')]);
    const dialog = page.getByRole('dialog', { name: '“protected-note.pdf” is password-protected' });
    await dialog.getByLabel('PDF password').fill(PROTECTED.password);
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(tabNames(page)).toHaveCount(2);

    // Shown again, it opens with the password given before: no second question.
    await tabNames(page).filter({ hasText: 'protected-note.pdf' }).click();
    await expect(page.getByRole('group', { name: 'Intake report for protected-note.pdf' })).toContainText(
      '1 page · 54 characters · every page has text',
    );
    await expect(dialog).toHaveCount(0);

    // Skipped, the file is not opened and the Editor says why.
    await editorPdfInput(page).setInputFiles([intakeFile('protected-note.pdf')]);
    await dialog.getByRole('button', { name: 'Skip this file' }).click();
    await expect(page.getByRole('alert')).toContainText(
      '“protected-note.pdf” is password-protected and no password was given, so it was not opened.',
    );
    await expect(tabNames(page)).toHaveCount(2);
  });
});
