import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {
  chooseTool,
  dragSelectText,
  editorPdfInput,
  openEditor,
  waitForDocument,
} from '../../../e2e/support/editor.js';
import { PDF_FIXTURES } from '../../../e2e/support/studio.js';
import { THEMES, atEachWidth, shoot, signUpAndIn, suffix, useTheme } from './shoot.js';

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: fs.readFileSync(path.join(PDF_FIXTURES, name)),
});

atEachWidth('editor', (width) => {
  test('empty, then two PDFs with a highlight and a search', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signUpAndIn(page, request, 'Frances');
    await openEditor(page);
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await shoot(page, `editor-empty${suffix(theme)}`);
    }

    await editorPdfInput(page).setInputFiles([pdf('bug1997343.pdf'), pdf('file_pdfjs_test.pdf')]);
    await waitForDocument(page);
    // On a phone the annotation tools fold behind "Annotate".
    if (width < 500) await page.getByRole('button', { name: 'Annotate' }).click();
    await chooseTool(page, 'Highlight');
    await dragSelectText(page);
    await expect(page.locator('.highlightEditor').first()).toBeAttached();
    await chooseTool(page, 'Select');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByLabel('Search in the PDF').fill('test');
    await page.getByLabel('Search in the PDF').press('Enter');
    await expect(page.getByLabel('Search results')).toHaveText(/of/);
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await shoot(page, `editor-document${suffix(theme)}`, { fullPage: false });
    }
  });
});
