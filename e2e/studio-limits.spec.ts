import { expect, test, type Page } from '@playwright/test';
import { editorPdfInput, openEditor, waitForDocument } from './support/editor.js';
import { longTextPdf } from './support/long-pdf.js';
import {
  FAKE_AI_REPLY,
  askBox,
  contextBox,
  listItems,
  openStudio,
  outputBox,
  saveItem,
  savedItems,
  screenshotBothWidths,
} from './support/studio.js';
import { createUser, newCredentials, signIn } from './support/users.js';

async function signedIn(page: Page, request: Parameters<typeof createUser>[0], prefix: string) {
  const credentials = newCredentials(prefix);
  await createUser(request, credentials);
  return signIn(page, credentials);
}

test.describe('AI Studio: nothing is cut or overwritten silently', () => {
  test('Ask AI shows a counter, warns near the limit and refuses, with a reason, a request over it', async ({
    page,
    request,
  }) => {
    await signedIn(page, request, 'asklimit');
    await openStudio(page);
    await expect(askBox(page)).toHaveAccessibleDescription(/^0 \/ 4,000 characters/);

    await askBox(page).fill('a'.repeat(3700));
    await expect(askBox(page)).toHaveAccessibleDescription(/^3,700 \/ 4,000 characters: near the limit/);

    const long = `${'a'.repeat(3700)} ${'b'.repeat(400)}`;
    await askBox(page).fill(long);
    await expect(askBox(page)).toHaveAccessibleDescription(
      /^4,101 \/ 4,000 characters: 101 too many to send/,
    );
    await expect(askBox(page)).toHaveAttribute('aria-invalid', 'true');
    await askBox(page).press('Enter');
    await expect(page.getByRole('alert')).toHaveText(
      'Not sent: your request is 4,101 characters and Ask AI takes at most 4,000. Shorten it, or paste the long text into the context box (Pro/Max) and ask about it.',
    );
    // Nothing was sent, and nothing of what was typed is gone.
    await expect(outputBox(page)).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Clear 0 stored replies' })).toBeVisible();
    await expect(askBox(page)).toHaveValue(long);
    await screenshotBothWidths(page, 'ask-limit');

    // Back under the limit it is asked as usual.
    await askBox(page).fill('b'.repeat(50));
    await expect(askBox(page)).toHaveAccessibleDescription(/^50 \/ 4,000 characters Press Enter/);
    await askBox(page).press('Enter');
    await expect(outputBox(page)).toHaveValue(FAKE_AI_REPLY);
  });

  test('recall over hand-typed context offers Undo, which brings the typed text back', async ({
    page,
    request,
  }) => {
    const me = await signedIn(page, request, 'recallundo');
    await saveItem(page, me._id, { type: 'note', title: 'Garden', memory: 'Tomatoes love the sun.' });
    await openStudio(page, { pro: true });
    await contextBox(page).fill('My hand-typed plan for the week');
    const search = page.getByRole('searchbox', { name: 'Search memory' });
    await search.fill('tomatoes');
    await search.press('Enter');
    await expect(contextBox(page)).toHaveValue('From "Garden":\nTomatoes love the sun.');
    const offer = page
      .getByRole('status')
      .filter({ hasText: 'Your earlier context was replaced by the recalled passages.' });
    await expect(offer).toBeVisible();
    await screenshotBothWidths(page, 'recall-undo');
    await offer.getByRole('button', { name: 'Undo' }).click();
    await expect(contextBox(page)).toHaveValue('My hand-typed plan for the week');
    await expect(contextBox(page)).toBeFocused();
    await expect(offer).toHaveCount(0);
  });

  test('memory never overwrites a selected saved prompt; updating a note can be undone', async ({
    page,
    request,
  }) => {
    const me = await signedIn(page, request, 'memoryprompt');
    await saveItem(page, me._id, { type: 'prompt', title: 'Pirate voice', memory: 'Answer like a pirate.' });
    await openStudio(page, { pro: true });
    await savedItems(page).selectOption({ label: 'Pirate voice' });
    await askBox(page).fill('Say hello');
    await askBox(page).press('Enter');
    await expect(outputBox(page)).toHaveValue(FAKE_AI_REPLY);

    // With a prompt selected the memory button saves the answer as a new note.
    await page.getByRole('button', { name: 'Save output to memory' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your prompt “Pirate voice” is unchanged.' }),
    ).toBeVisible();
    let items = await listItems(page, me._id);
    expect(items.find((item) => item.type === 'prompt')?.memory).toBe('Answer like a pirate.');
    const note = items.find((item) => item.type === 'note');
    expect(note?.memory).toBe(FAKE_AI_REPLY);

    // With that note selected it updates the note, and Undo puts the earlier text back.
    await savedItems(page).selectOption({ label: note?.title ?? '' });
    await outputBox(page).fill('A corrected answer.');
    await page.getByRole('button', { name: `Update memory: ${note?.title ?? ''}` }).click();
    const updated = page.getByRole('status').filter({ hasText: 'with the output.' });
    await expect(updated).toBeVisible();
    items = await listItems(page, me._id);
    expect(items.find((item) => item._id === note?._id)?.memory).toBe('A corrected answer.');
    await updated.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Restored the earlier text' })).toBeFocused();
    items = await listItems(page, me._id);
    expect(items.find((item) => item._id === note?._id)?.memory).toBe(FAKE_AI_REPLY);
  });

  test('Save as note asks before saving a document longer than one note, then saves numbered notes', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const me = await signedIn(page, request, 'longnote');
    await openEditor(page);
    await editorPdfInput(page).setInputFiles({
      name: 'long.pdf',
      mimeType: 'application/pdf',
      buffer: longTextPdf(),
    });
    await waitForDocument(page);

    // Cancel saves nothing.
    await page.getByRole('button', { name: 'Save as note' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'This text is too long for one note' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toContainText('a note holds at most 200,000');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await screenshotBothWidths(page, 'long-note', { bothThemes: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Nothing was saved.' })).toBeVisible();
    expect(await listItems(page, me._id)).toEqual([]);

    // Splitting saves every character, in order, under numbered titles (asked here in star mode).
    await page.getByRole('button', { name: 'Star mode' }).click();
    await page.getByRole('button', { name: 'Save as note' }).click();
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await screenshotBothWidths(page, 'long-note', { bothThemes: false });
    await dialog.getByRole('button', { name: 'Save as 2 notes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved 2 notes' })).toBeVisible({
      timeout: 30_000,
    });
    const notes = (await listItems(page, me._id)).sort((a, b) => a.title.localeCompare(b.title));
    expect(notes.map((item) => item.title)).toEqual([
      'Page 01 line 01: the quick brown fox jumps over th (1 of 2)',
      'Page 01 line 01: the quick brown fox jumps over th (2 of 2)',
    ]);
    const whole = notes.map((item) => item.memory).join('');
    expect(whole.length).toBeGreaterThan(200_000);
    expect(whole).toContain('Page 60 line 50: the quick brown fox');
    for (const item of notes) expect(item.memory.length).toBeLessThanOrEqual(200_000);
  });

  test('the Studio offers the same split for a context longer than one note, never the server’s refusal', async ({
    page,
    request,
  }) => {
    const me = await signedIn(page, request, 'studiolong');
    await openStudio(page, { pro: true });
    const paragraph = `${'the quick brown fox jumps over the lazy dog '.repeat(4).trim()}.`;
    const long = `Reading list\n\n${Array.from({ length: 1400 }, (_, i) => `${i}. ${paragraph}`).join('\n\n')}`;
    expect(long.length).toBeGreaterThan(200_000);
    await contextBox(page).fill(long);
    await page.getByRole('button', { name: 'Save context as a note' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'This text is too long for one note' });
    await expect(dialog).toContainText('a note holds at most 200,000');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await screenshotBothWidths(page, 'studio-long-note', { bothThemes: false });
    await dialog.getByRole('button', { name: 'Save as 2 notes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved 2 notes' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(/memory must be at most/)).toHaveCount(0);
    const notes = (await listItems(page, me._id)).sort((a, b) => a.title.localeCompare(b.title));
    expect(notes.map((item) => item.title)).toEqual(['Reading list (1 of 2)', 'Reading list (2 of 2)']);
    expect(notes.map((item) => item.memory).join('')).toBe(long);
  });
});
