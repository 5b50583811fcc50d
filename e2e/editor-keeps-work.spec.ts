import { expect, test, type Page } from '@playwright/test';
import {
  activeTab,
  addFreeText,
  chooseTool,
  downloadPdf,
  dropPdf,
  editorPdfInput,
  fixture,
  keptInBrowser,
  openEditor,
  openedTabs,
  pageCount,
  shownNote,
  tabNames,
  viewerPages,
  waitForDocument,
} from './support/editor.js';
import { createUser, newCredentials, signIn, type Credentials } from './support/users.js';

async function signedInEditor(page: Page, request: Parameters<typeof createUser>[0], prefix: string) {
  const credentials = newCredentials(prefix);
  await createUser(request, credentials);
  await signIn(page, credentials);
  await openEditor(page);
  return credentials;
}

const tab = (page: Page, name: string) => openedTabs(page).getByRole('button', { name, exact: true });

/** Shows a tab and waits until its document is on screen with its page count. */
async function showTab(page: Page, name: string, pages: number) {
  await tab(page, name).click();
  await expect(activeTab(page)).toHaveText(name);
  await expect(pageCount(page)).toContainText(`of ${pages}`);
  await waitForDocument(page);
}

test.describe('the Editor keeps the user’s work', () => {
  test('opening another PDF (picker or drop) keeps the shown one’s annotations; each tab shows its own document', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signedInEditor(page, request, 'keepopen');
    await editorPdfInput(page).setInputFiles(fixture('file_pdfjs_test.pdf'));
    await waitForDocument(page);
    await addFreeText(page, 'First note');

    // The picker: the new tab shows the new document, not the annotated one.
    await editorPdfInput(page).setInputFiles(fixture('bug1997343.pdf'));
    await expect(activeTab(page)).toHaveText('bug1997343.pdf');
    await expect(pageCount(page)).toContainText('of 2');
    await expect(viewerPages(page).first().locator('.textLayer')).toContainText('Two Column Example');
    await expect(viewerPages(page).first().locator('.freeTextEditor, .freeTextAnnotation')).toHaveCount(0);

    await showTab(page, 'file_pdfjs_test.pdf', 5);
    await expect(shownNote(page, 'First note')).toBeAttached();
    await addFreeText(page, 'Second note', { x: 0.1, y: 0.6 });

    // Drag and drop: the same.
    await dropPdf(page, 'issue16538.pdf');
    await expect(activeTab(page)).toHaveText('issue16538.pdf');
    await expect(pageCount(page)).toContainText('of 1');
    await expect(viewerPages(page).first().locator('.freeTextEditor, .freeTextAnnotation')).toHaveCount(0);

    await showTab(page, 'file_pdfjs_test.pdf', 5);
    await expect(shownNote(page, 'First note')).toBeAttached();
    await expect(shownNote(page, 'Second note')).toBeAttached();
    await showTab(page, 'bug1997343.pdf', 2);
    await expect(viewerPages(page).first().locator('.textLayer')).toContainText('Two Column Example');
  });

  test('leaving the Editor (by its own Studio link) and reloading keep every tab, the shown one and its annotations', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signedInEditor(page, request, 'keepleave');
    await editorPdfInput(page).setInputFiles([fixture('bug1997343.pdf'), fixture('file_pdfjs_test.pdf')]);
    await waitForDocument(page);
    await addFreeText(page, 'Kept across pages');
    await expect(keptInBrowser(page)).toBeVisible();

    await page.getByRole('button', { name: 'Send to Studio' }).click();
    await page.getByRole('link', { name: 'Open the Studio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Editor' })).toBeVisible();

    const expectRestored = async () => {
      await expect(tabNames(page)).toHaveText(['bug1997343.pdf', 'file_pdfjs_test.pdf']);
      await expect(activeTab(page)).toHaveText('file_pdfjs_test.pdf');
      await expect(pageCount(page)).toContainText('of 5');
      await waitForDocument(page);
      await expect(shownNote(page, 'Kept across pages')).toBeAttached();
    };
    await expectRestored();

    // The other tab is shown before the reload: the shown tab is remembered too.
    await showTab(page, 'bug1997343.pdf', 2);
    await expect(keptInBrowser(page)).toBeVisible();
    await page.reload();
    await expect(activeTab(page)).toHaveText('bug1997343.pdf');
    await expect(pageCount(page)).toContainText('of 2');
    await showTab(page, 'file_pdfjs_test.pdf', 5);
    await page.reload();
    await expectRestored();
  });

  test('closing a tab with annotations not yet downloaded asks first; a clean tab closes at once', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signedInEditor(page, request, 'keepclose');
    await editorPdfInput(page).setInputFiles([fixture('bug1868759.pdf'), fixture('file_pdfjs_test.pdf')]);
    await waitForDocument(page);
    await addFreeText(page, 'Do not lose me');
    await expect(keptInBrowser(page)).toBeVisible();

    const closeButton = openedTabs(page).getByRole('button', { name: 'Close file_pdfjs_test.pdf' });
    await closeButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Close “file_pdfjs_test.pdf”?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('annotations have not been downloaded');
    await expect(dialog.getByRole('button', { name: 'Keep it open' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(closeButton).toBeFocused();
    await expect(tabNames(page)).toHaveCount(2);

    await closeButton.click();
    await dialog.getByRole('button', { name: 'Keep it open' }).click();
    await expect(tabNames(page)).toHaveCount(2);
    await expect(shownNote(page, 'Do not lose me')).toBeAttached();

    // After a download nothing would be lost, so closing does not ask.
    await downloadPdf(page);
    await closeButton.click();
    await expect(dialog).toHaveCount(0);
    await expect(tabNames(page)).toHaveText(['bug1868759.pdf']);

    // Annotate the other one, then discard it on purpose: it is gone after a reload too.
    await showTab(page, 'bug1868759.pdf', 1);
    await addFreeText(page, 'Throw me away');
    await expect(keptInBrowser(page)).toBeVisible();
    await openedTabs(page).getByRole('button', { name: 'Close bug1868759.pdf' }).click();
    await page
      .getByRole('alertdialog', { name: 'Close “bug1868759.pdf”?' })
      .getByRole('button', { name: 'Close and discard' })
      .click();
    await expect(tabNames(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('Drop PDF files here, or open them.')).toBeVisible();
    await expect(tabNames(page)).toHaveCount(0);
  });

  test('trying the tools without annotating leaves nothing to lose: closing does not ask', async ({
    page,
    request,
  }) => {
    await signedInEditor(page, request, 'keepclean');
    // This file has a free text annotation of its own, which pdf.js turns into an editor in editing modes.
    await editorPdfInput(page).setInputFiles(fixture('file_pdfjs_test.pdf'));
    await waitForDocument(page);
    for (const tool of ['Text', 'Draw', 'Highlight', 'Select']) await chooseTool(page, tool);
    await expect(keptInBrowser(page)).toBeVisible();
    await openedTabs(page).getByRole('button', { name: 'Close file_pdfjs_test.pdf' }).click();
    await expect(tabNames(page)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the PDFs are kept per user: another user on the same browser does not see them, and signing out clears them', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const first = await signedInEditor(page, request, 'keepowner');
    await editorPdfInput(page).setInputFiles(fixture('bug1868759.pdf'));
    await waitForDocument(page);
    await expect(keptInBrowser(page)).toBeVisible();

    // Another user signs in on the same browser without the first one signing out (the key is replaced).
    const second: Credentials = newCredentials('keepother');
    await createUser(request, second);
    await signIn(page, second);
    await openEditor(page);
    await expect(page.getByText('Drop PDF files here, or open them.')).toBeVisible();
    await expect(tabNames(page)).toHaveCount(0);

    // The first user still has theirs, until they sign out through the app.
    await signIn(page, first);
    await openEditor(page);
    await expect(tabNames(page)).toHaveText(['bug1868759.pdf']);
    await page.getByRole('button', { name: 'Menu' }).click();
    // The @ menu's Log out is an icon button named by its label.
    await page.getByLabel('Log out', { exact: true }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, first);
    await openEditor(page);
    await expect(page.getByText('Drop PDF files here, or open them.')).toBeVisible();
    await expect(tabNames(page)).toHaveCount(0);
  });

  test('at most 10 PDFs stay open; the eleventh gets a clear message', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signedInEditor(page, request, 'keeplimit');
    const files = Array.from({ length: 11 }, (_, i) => fixture('bug1868759.pdf', `copy-${i + 1}.pdf`));
    await editorPdfInput(page).setInputFiles(files);
    await expect(page.getByRole('alert').filter({ hasText: 'copy-11.pdf' })).toHaveText(
      'The Editor keeps at most 10 PDFs open; close one to open “copy-11.pdf”.',
      { timeout: 60_000 },
    );
    await expect(tabNames(page)).toHaveCount(10);
    await waitForDocument(page);
  });
});
