import { expect, test } from '@playwright/test';
import { editorPdfInput, openEditor, waitForDocument } from './support/editor.js';
import { FAKE_AI_REPLY, askBox, contextBox, openStudio, outputBox, pdfFixtures } from './support/studio.js';
import { createUser, newCredentials, signIn } from './support/users.js';

const studioKeys = () => Object.keys(window.localStorage).filter((key) => key.startsWith('studio:'));

test.describe('AI Studio session across reloads', () => {
  test('output history, context, Editor text and Pro/Max survive a reload; clear and sign-out clear them', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const credentials = newCredentials('session');
    await createUser(request, credentials);
    await signIn(page, credentials);

    // Text sent from the Editor lands in the Studio's context.
    const fixture = pdfFixtures().find((pdf) => pdf.name === 'file_pdfjs_test.pdf');
    if (!fixture) throw new Error('missing PDF fixture');
    await openEditor(page);
    await editorPdfInput(page).setInputFiles({
      name: fixture.name,
      mimeType: 'application/pdf',
      buffer: fixture.buffer,
    });
    await waitForDocument(page);
    await page.getByRole('button', { name: 'Send to Studio' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The whole text' })).toBeVisible();

    await openStudio(page, { pro: true });
    const fromEditor = await contextBox(page).inputValue();
    expect(fromEditor.length).toBeGreaterThan(100);
    await contextBox(page).fill(`My own note.\n\n${fromEditor}`);
    for (const question of ['First question', 'Second question']) {
      await askBox(page).fill(question);
      await askBox(page).press('Enter');
      await expect(page.getByRole('button', { name: /^Clear \d/ })).toHaveAccessibleName(
        question === 'First question' ? 'Clear 1 stored reply' : 'Clear 2 stored replies',
      );
    }
    await page.getByRole('button', { name: 'Previous output' }).click();
    await outputBox(page).fill('My edit of the first answer');
    await askBox(page).fill('Half-typed follow-up');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Pro/Max' })).toHaveAttribute('aria-pressed', 'true');
    await expect(contextBox(page)).toHaveValue(`My own note.\n\n${fromEditor}`);
    await expect(outputBox(page)).toHaveValue('My edit of the first answer');
    await expect(page.getByText('1 / 2')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear 2 stored replies' })).toBeVisible();
    await expect(askBox(page)).toHaveValue('Half-typed follow-up');
    await page.getByRole('button', { name: 'Next output' }).click();
    await expect(outputBox(page)).toHaveValue(FAKE_AI_REPLY);

    // "clear" clears the chat for good; freeing the context clears that too.
    await page.getByRole('button', { name: 'Clear 2 stored replies' }).click();
    await page.getByRole('button', { name: 'Free the context' }).click();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Clear 0 stored replies' })).toBeVisible();
    await expect(outputBox(page)).toHaveValue('');
    await expect(contextBox(page)).toHaveValue('');

    // Signing out removes the session from this browser.
    await contextBox(page).fill('Something private');
    await expect.poll(() => page.evaluate(studioKeys)).toHaveLength(1);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByLabel('Log out').click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(studioKeys)).toEqual([]);
  });
});
