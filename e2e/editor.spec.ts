import { expect, test, type FileChooser, type Page } from '@playwright/test';
import fs from 'node:fs';
import {
  addFreeText,
  annotationsIn,
  chooseTool,
  downloadPdf,
  drawStroke,
  dragSelectText,
  dropPdf,
  editorPdfInput,
  fixture,
  openEditor,
  pointOnFirstPage,
  toolButton,
  waitForDocument,
} from './support/editor.js';
import { makePng } from './support/png.js';
import { contextBox, corruptPdf, PDF_FIXTURES } from './support/studio.js';
import { createUser, newCredentials, signIn } from './support/users.js';

const FIXTURES = fs
  .readdirSync(PDF_FIXTURES)
  .filter((name) => name.endsWith('.pdf'))
  .sort();

async function signedInEditor(page: Page, request: Parameters<typeof createUser>[0], prefix: string) {
  const credentials = newCredentials(prefix);
  await createUser(request, credentials);
  const user = await signIn(page, credentials);
  await openEditor(page);
  return user;
}

test.describe('the Editor on pdf.js’s viewer', () => {
  test('all fixture PDFs are present', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(5);
  });

  for (const name of FIXTURES) {
    test(`${name}: highlight and free text are saved into the downloaded file, and show when reopened`, async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const foreign: string[] = [];
      page.on('request', (req) => {
        const url = req.url();
        if (!url.startsWith(baseURL ?? '') && !/^(data|blob):/.test(url)) foreign.push(url);
      });
      await signedInEditor(page, request, 'editor');
      await editorPdfInput(page).setInputFiles(fixture(name));
      await waitForDocument(page);
      await expect(page.getByRole('navigation', { name: 'Opened PDFs' })).toContainText(name);
      await expect(page.getByLabel('Page number')).toHaveValue('1');

      // Highlight: select text with the highlight tool.
      await chooseTool(page, 'Highlight');
      await dragSelectText(page);
      await expect(page.locator('.highlightEditor').first()).toBeAttached();

      // Free text: click on the page and type.
      const note = `Editor note on ${name}`;
      await addFreeText(page, note, { x: 0.1, y: 0.9 });

      const { bytes, name: downloaded, path: savedPath } = await downloadPdf(page);
      expect(downloaded).toBe(name.replace(/\.pdf$/, '-annotated.pdf'));
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // The annotations are in the file itself, read back by pdf.js in Node.
      const saved = await annotationsIn(bytes);
      expect(saved.filter((a) => a.page === 1).map((a) => a.subtype)).toEqual(
        expect.arrayContaining(['FreeText', 'Highlight']),
      );
      expect(saved.find((a) => a.subtype === 'FreeText' && a.contents === note)).toBeTruthy();

      // Reopening the downloaded file shows them.
      await editorPdfInput(page).setInputFiles({
        name: downloaded,
        mimeType: 'application/pdf',
        buffer: fs.readFileSync(savedPath),
      });
      await expect(page.locator('[aria-current="true"]')).toHaveText(downloaded);
      const first = await waitForDocument(page);
      await expect(first.locator('.annotationLayer .freeTextAnnotation').first()).toBeAttached();
      await expect(first.locator('.annotationLayer .highlightAnnotation').first()).toBeAttached();
      expect(foreign, 'no request leaves the app (no CDN)').toEqual([]);
    });
  }

  test('opens several PDFs at once (file picker and drag-and-drop), navigates, zooms and searches', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signedInEditor(page, request, 'editornav');
    await editorPdfInput(page).setInputFiles([fixture('bug1997343.pdf'), fixture('file_pdfjs_test.pdf')]);
    await waitForDocument(page);
    const tabs = page.getByRole('navigation', { name: 'Opened PDFs' });
    await expect(tabs.getByRole('button', { name: /^(?!Close ).+\.pdf$/ })).toHaveCount(2);
    await expect(page.locator('[aria-current="true"]')).toHaveText('file_pdfjs_test.pdf');
    await expect(page.getByRole('toolbar', { name: 'Viewer controls' })).toContainText('of 5');

    // Page navigation.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByLabel('Page number')).toHaveValue('2');
    await page.getByLabel('Page number').fill('4');
    await page.getByLabel('Page number').press('Enter');
    await expect(page.getByLabel('Page number')).toHaveValue('4');

    // Zoom.
    const zoom = page.getByLabel('Zoom level');
    const before = Number((await zoom.textContent())?.replace('%', ''));
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom).not.toHaveText(`${before}%`);
    const zoomed = Number((await zoom.textContent())?.replace('%', ''));
    expect(zoomed).toBeGreaterThan(before);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(zoom).toHaveText(`${before}%`);

    // Text search: "mochitest" is in the document several times.
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByLabel('Search in the PDF').fill('mochitest');
    await page.getByLabel('Search in the PDF').press('Enter');
    await expect(page.getByLabel('Search results')).toHaveText(/^\d+ of \d+$/);
    await expect(page.locator('.textLayer .highlight').first()).toBeAttached();
    await page.getByLabel('Search in the PDF').fill('zzqqxxnotthere');
    await page.getByLabel('Search in the PDF').press('Enter');
    await expect(page.getByLabel('Search results')).toHaveText('No matches');

    // Switching files keeps each open.
    await tabs.getByRole('button', { name: 'bug1997343.pdf', exact: true }).click();
    await expect(page.getByRole('toolbar', { name: 'Viewer controls' })).toContainText('of 2');

    // Drag and drop a third file onto the viewer.
    await dropPdf(page, 'issue16538.pdf');
    await expect(page.locator('[aria-current="true"]')).toHaveText('issue16538.pdf');
    await expect(tabs.getByRole('button', { name: /^(?!Close ).+\.pdf$/ })).toHaveCount(3);
    await expect(page.getByRole('toolbar', { name: 'Viewer controls' })).toContainText('of 1');
  });

  test('a corrupt PDF and a non-PDF get clear messages; the good one still opens', async ({
    page,
    request,
  }) => {
    await signedInEditor(page, request, 'editorbad');
    await editorPdfInput(page).setInputFiles([
      corruptPdf('broken.pdf'),
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
      fixture('bug1868759.pdf'),
    ]);
    await expect(page.getByRole('alert').filter({ hasText: 'broken.pdf' })).toHaveText(
      '“broken.pdf” is not a valid PDF: the file is corrupt or damaged, so it cannot be opened.',
    );
    await expect(page.getByRole('alert').filter({ hasText: 'notes.txt' })).toContainText('is not a PDF');
    await waitForDocument(page);
    await expect(
      page
        .getByRole('navigation', { name: 'Opened PDFs' })
        .getByRole('button', { name: /^(?!Close ).+\.pdf$/ }),
    ).toHaveCount(1);
  });

  test('stamps an allowed image type, refuses others with a message, and draws ink', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signedInEditor(page, request, 'editorstamp');
    await editorPdfInput(page).setInputFiles(fixture('bug1868759.pdf'));
    await waitForDocument(page);

    // Refused: a text file and a TIFF image, through the Stamp button's own picker.
    for (const file of [
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
      { name: 'scan.tiff', mimeType: 'image/tiff', buffer: Buffer.from('II*\u0000') },
    ]) {
      const choosing = page.waitForEvent('filechooser');
      await toolButton(page, 'Stamp').click();
      const chooser = await choosing;
      await chooser.setFiles(file);
      await expect(page.getByRole('alert')).toContainText(`“${file.name}” is of type ${file.mimeType}`);
      await expect(page.getByRole('alert')).toContainText('A stamp must be an image');
    }
    await expect(page.locator('.stampEditor')).toHaveCount(0);

    // Allowed: a generated PNG.
    const choosing = page.waitForEvent('filechooser');
    await toolButton(page, 'Stamp').click();
    const chooser = await choosing;
    await chooser.setFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: makePng(120, 80) });
    await expect(page.locator('.stampEditor canvas')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(toolButton(page, 'Stamp')).toHaveAttribute('aria-pressed', 'true');

    // A click on an empty spot with the stamp tool opens the checked picker, not pdf.js's own.
    const spot = await pointOnFirstPage(page, 0.15, 0.85);
    // Right after a stamp is added pdf.js can take a click for that stamp (it is still being selected); a person
    // would click again, and so does the test, until the picker opens.
    let second: FileChooser | undefined;
    await expect(async () => {
      const again = page.waitForEvent('filechooser', { timeout: 3_000 });
      await page.mouse.click(spot.x, spot.y);
      second = await again;
    }).toPass({ timeout: 30_000 });
    await second?.setFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(page.getByRole('alert')).toContainText('“bad.txt” is of type text/plain');
    await expect(page.locator('.stampEditor')).toHaveCount(1);

    // Ink: draw a stroke with the mouse.
    await chooseTool(page, 'Draw');
    await drawStroke(page, { x: 0.3, y: 0.5 });
    await chooseTool(page, 'Select');

    const { bytes } = await downloadPdf(page);
    const subtypes = (await annotationsIn(bytes)).map((a) => a.subtype);
    expect(subtypes).toEqual(expect.arrayContaining(['Stamp', 'Ink']));
  });

  test('sends the selection to the Studio’s context box', async ({ page, request }) => {
    await signedInEditor(page, request, 'editorsend');
    await editorPdfInput(page).setInputFiles(fixture('file_pdfjs_test.pdf'));
    await waitForDocument(page);
    const selected = (await dragSelectText(page)).trim();
    expect(selected.length).toBeGreaterThan(3);
    await page.getByRole('button', { name: 'Send to Studio' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The selection' })).toContainText(
      'is in the Studio’s context',
    );
    await page.getByRole('link', { name: 'Open the Studio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeVisible();
    await page.getByRole('button', { name: 'Pro/Max' }).click();
    await expect(contextBox(page)).toHaveValue(selected);
  });

  test('sends the whole text when nothing is selected', async ({ page, request }) => {
    await signedInEditor(page, request, 'editorwhole');
    await editorPdfInput(page).setInputFiles(fixture('bug1868759.pdf'));
    await waitForDocument(page);
    await page.getByRole('button', { name: 'Send to Studio' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The whole text' })).toBeVisible();
    await page.getByRole('link', { name: 'Open the Studio' }).click();
    await page.getByRole('button', { name: 'Pro/Max' }).click();
    await expect(contextBox(page)).toHaveValue(/vérificateur d’avis/i);
  });

  test('saves the selection as a note, titled by its first line cut to 50 characters', async ({
    page,
    request,
  }) => {
    const user = await signedInEditor(page, request, 'editornote');
    await editorPdfInput(page).setInputFiles(fixture('file_pdfjs_test.pdf'));
    await waitForDocument(page);
    const selected = (await dragSelectText(page)).trim();
    await page.getByRole('button', { name: 'Save as note' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved the note' })).toBeVisible();

    const response = await page.request.get(`/api/actions/getActions/${user._id}`);
    expect(response.status()).toBe(200);
    const actions = (await response.json()) as { type: string; title: string; memory: string }[];
    const note = actions.find((action) => action.type === 'note');
    expect(note?.memory).toBe(selected);
    expect(note?.title).toBe([...(selected.split('\n')[0] ?? '').trim()].slice(0, 50).join('').trimEnd());
  });
});
