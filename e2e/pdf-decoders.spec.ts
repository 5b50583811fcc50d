import { expect, test, type Page } from '@playwright/test';
import { editorPdfInput, openEditor, viewerPages } from './support/editor.js';
import { guardNetwork, intakeFile, ocrOverlap, passwordNote } from './support/intake.js';
import { openStudio, pdfInput } from './support/studio.js';
import { createUser, newCredentials, signIn } from './support/users.js';

/** The JPEG 2000 scan's password and the text on its page (jpx-scan.txt); the JBIG2 scan shows the same text. */
const JPX = passwordNote('jpx-scan.txt');

/** pdf.js's warnings about an image decoder it could not load or use, from the page and its workers. */
function watchDecoderWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/wasmUrl|JpxImage|JBig2|Jbig2|Falling back|Unable to decode image/i.test(text)) warnings.push(text);
  });
  return warnings;
}

async function answerPassword(page: Page, name: string, password: string) {
  const dialog = page.getByRole('dialog', { name: `“${name}” is password-protected` });
  await dialog.getByLabel('PDF password').fill(password);
  await dialog.getByRole('button', { name: 'Open' }).click();
}

test.describe('scanned pages in JPEG 2000 and JBIG2', () => {
  test.beforeEach(async ({ page, request }) => {
    const credentials = newCredentials('decoders');
    await createUser(request, credentials);
    await signIn(page, credentials);
  });

  test('the Studio reads a password-protected JPEG 2000 scan and a JBIG2 scan with OCR, with the decoders served by the app', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const warnings = watchDecoderWarnings(page);
    const network = await guardNetwork(page, baseURL ?? '');
    await openStudio(page, { pro: true });

    for (const name of ['jpx-scan.pdf', 'jbig2-scan.pdf']) {
      await pdfInput(page).setInputFiles([intakeFile(name)]);
      if (name === 'jpx-scan.pdf') await answerPassword(page, name, JPX.password);
      const box = page.getByRole('textbox', { name: `Text from ${name}` });
      await expect(box).toBeVisible({ timeout: 150_000 });
      const text = await box.inputValue();
      const { ratio, missing } = ocrOverlap(JPX.text, text);
      test
        .info()
        .annotations.push({ type: name, description: `overlap ${(ratio * 100).toFixed(0)}%: ${text}` });
      expect(ratio, `missing: ${missing.join(' ')}`).toBeGreaterThanOrEqual(0.9);
      const report = page.getByRole('group', { name: `Intake report for ${name}` });
      await expect(report).toContainText('Read with OCR: page 1.');
      await expect(report).not.toContainText('low confidence');
    }

    expect(warnings).toEqual([]);
    // The decoders came from the app's own assets.
    expect(network.seen.filter((url) => /openjpeg|jbig2/.test(url) && url.endsWith('.wasm'))).toEqual([
      expect.stringMatching(new RegExp(`^${baseURL}/assets/`)),
      expect.stringMatching(new RegExp(`^${baseURL}/assets/`)),
    ]);
    expect(network.foreign).toEqual([]);
    expect(network.cspViolations).toEqual([]);
  });

  test('a page OCR reads poorly is reported as read with low confidence, with the figure', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await openStudio(page, { pro: true });
    await pdfInput(page).setInputFiles([intakeFile('poor-scan.pdf')]);
    const report = page.getByRole('group', { name: 'Intake report for poor-scan.pdf' });
    await expect(report).toContainText(
      /Read with low confidence: page 1 \(\d{1,2}%\); its text may be wrong\./,
      { timeout: 200_000 },
    );
  });

  test('the Editor draws the JPEG 2000 page of a protected scan', async ({ page }) => {
    test.setTimeout(120_000);
    const warnings = watchDecoderWarnings(page);
    await openEditor(page);
    await editorPdfInput(page).setInputFiles([intakeFile('jpx-scan.pdf')]);
    await answerPassword(page, 'jpx-scan.pdf', JPX.password);
    const canvas = viewerPages(page).first().locator('canvas').first();
    await expect(canvas).toBeVisible({ timeout: 30_000 });
    // Dark pixels: the page's text is drawn, not a white page.
    await expect
      .poll(
        () =>
          canvas.evaluate((element: HTMLCanvasElement) => {
            const context = element.getContext('2d');
            if (!context) return 0;
            const { data } = context.getImageData(0, 0, element.width, element.height);
            let dark = 0;
            for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark += 1;
            return dark;
          }),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(500);
    expect(warnings).toEqual([]);
  });
});
