import { expect, test, type Page } from '@playwright/test';
import { ANNOTATED_FIXTURES } from '../test/fixtures/fixture-paths.js';
import {
  addFreeText,
  annotationsIn,
  chooseTool,
  downloadPdf,
  dragSelectText,
  drawStroke,
  editorPdfInput,
  fixture,
  openEditor,
  viewerPages,
  waitForDocument,
} from './support/editor.js';
import { createUser, newCredentials, signIn } from './support/users.js';

/** A paper marked up in another viewer: a highlight, an ink stroke, a free-text note and a stamp. */
const ANNOTATED = 'annotated-paper.pdf';
const OWN_ANNOTATIONS = ['Highlight', 'Ink', 'FreeText', 'Stamp'];

/** Signs in, opens a PDF in the Editor and collects the page's uncaught errors from then on. */
async function editorWith(page: Page, request: Parameters<typeof createUser>[0], file: string) {
  const errors: string[] = [];
  // Tall enough that the page's empty lower half is in view below its own annotations.
  await page.setViewportSize({ width: 1280, height: 1100 });
  page.on('pageerror', (error) => errors.push(error.message));
  const credentials = newCredentials('annotated');
  await createUser(request, credentials);
  await signIn(page, credentials);
  await openEditor(page);
  await editorPdfInput(page).setInputFiles(
    file === ANNOTATED ? fixture(ANNOTATED, ANNOTATED, ANNOTATED_FIXTURES) : fixture(file),
  );
  await waitForDocument(page);
  return errors;
}

const inkStrokes = (page: Page) => viewerPages(page).first().locator('.inkEditor');

/** Draws one stroke with the Draw tool in the empty lower part of the page and checks that it is there. */
async function draw(page: Page) {
  await chooseTool(page, 'Draw');
  const from = await drawStroke(page, { x: 0.45, y: 0.85 });
  // The stroke is committed on leaving the tool. The file's own stroke is far from here: a stroke at the
  // spot where the pen went down is the new one.
  await chooseTool(page, 'Select');
  await expect
    .poll(() =>
      inkStrokes(page).evaluateAll(
        (strokes, { x, y }) =>
          strokes.some((stroke) => {
            const box = stroke.getBoundingClientRect();
            return box.left - 2 <= x && x <= box.right + 2 && box.top - 2 <= y && y <= box.bottom + 2;
          }),
        from,
      ),
    )
    .toBe(true);
}

/** Highlights the longest run of the page's text with the Highlight tool; pdf.js selects the new highlight. */
async function highlight(page: Page) {
  await chooseTool(page, 'Highlight');
  await dragSelectText(page);
  await expect(viewerPages(page).first().locator('.highlightEditor.selectedEditor')).toHaveCount(1);
}

/** The downloaded file keeps the PDF's own annotations and gains the new ink and free text. */
async function expectSaved(page: Page, note: string, { highlights }: { highlights: number }) {
  const saved = await annotationsIn((await downloadPdf(page)).bytes);
  const count = (subtype: string) => saved.filter((a) => a.subtype === subtype).length;
  expect(saved.map((a) => a.subtype)).toEqual(expect.arrayContaining(OWN_ANNOTATIONS));
  expect(count('Ink'), 'the PDF’s own stroke and the new one').toBe(2);
  expect(count('Highlight')).toBe(highlights);
  expect(saved.find((a) => a.subtype === 'FreeText' && a.contents === note)).toBeTruthy();
  expect(
    saved.find((a) => a.subtype === 'FreeText' && a.contents === 'Reviewer: check this figure'),
  ).toBeTruthy();
}

test.describe('the Editor on a PDF that already carries annotations', () => {
  for (const { order, highlightFirst } of [
    { order: 'Draw as the first tool, then Text', highlightFirst: false },
    { order: 'Highlight, then Draw, then Text', highlightFirst: true },
  ]) {
    test(`${order}: each tool works and is saved, with no page error`, async ({ page, request }) => {
      test.setTimeout(90_000);
      const errors = await editorWith(page, request, ANNOTATED);
      if (highlightFirst) await highlight(page);
      await draw(page);
      const note = `Added after: ${order}`;
      await addFreeText(page, note, { x: 0.1, y: 0.95 });
      await expectSaved(page, note, { highlights: highlightFirst ? 2 : 1 });
      expect(errors).toEqual([]);
    });
  }
});

test('on a plain PDF, Draw works after a Highlight, with no page error', async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = await editorWith(page, request, 'bug1868759.pdf');
  await highlight(page);
  await draw(page);
  const saved = await annotationsIn((await downloadPdf(page)).bytes);
  const added = saved.map((a) => a.subtype).filter((subtype) => subtype !== 'Link');
  expect(added.sort()).toEqual(['Highlight', 'Ink']);
  expect(errors).toEqual([]);
});
