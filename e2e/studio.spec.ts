import { expect, test } from '@playwright/test';
import { ActionList } from '../src/contracts/actions.js';
import {
  FAKE_AI_REPLY,
  askBox,
  contextBox,
  openStudio,
  outputBox,
  pdfFixtures,
  pdfInput,
  recordOutput,
  recordedOutput,
  savedItems,
} from './support/studio.js';
import { createUser, newCredentials, signIn } from './support/users.js';

test.describe('AI Studio', () => {
  test('ask with streaming, step history, save, recall, load, delete, PDFs and clear', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const credentials = newCredentials('studio');
    const me = await createUser(request, credentials);
    await signIn(page, credentials);
    await openStudio(page);

    // Ask: the answer streams into the output word by word.
    await recordOutput(page);
    await askBox(page).fill('Say hello to me');
    await askBox(page).press('Enter');
    await expect(page.getByText('Thinking (Ask AI)…')).toBeVisible();
    await expect(outputBox(page)).toHaveValue(FAKE_AI_REPLY);
    const seen = await recordedOutput(page);
    const partial = seen.filter((value) => value !== FAKE_AI_REPLY);
    // A busy machine may paint several words at once; two growing partial answers still show it streamed.
    expect(partial.length, `values seen: ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(2);
    for (const value of partial) expect(FAKE_AI_REPLY.startsWith(value.trim())).toBe(true);
    await expect(page.getByRole('button', { name: 'Clear 1 stored reply' })).toBeVisible();

    // Save the answer as a note.
    await page.getByRole('button', { name: 'Save output to memory' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'as a note.' })).toContainText(
      'Saved “Hello! I am your assistant. How can I',
    );

    // More continues the answer in place; history steps between the two replies.
    await page.getByRole('button', { name: 'More: continue the answer' }).click();
    await expect(outputBox(page)).toHaveValue(`${FAKE_AI_REPLY} ${FAKE_AI_REPLY}`);
    await expect(page.getByText('2 / 2')).toBeVisible();
    await page.getByRole('button', { name: 'Previous output' }).click();
    await expect(outputBox(page)).toHaveValue(FAKE_AI_REPLY);
    await expect(page.getByText('1 / 2')).toBeVisible();
    await page.getByRole('button', { name: 'Next output' }).click();
    await expect(outputBox(page)).toHaveValue(`${FAKE_AI_REPLY} ${FAKE_AI_REPLY}`);

    // A failing provider is reported; the output stays as it was.
    await askBox(page).fill('please fail now');
    await askBox(page).press('Enter');
    await expect(page.getByRole('alert')).toContainText('The AI service failed to answer');
    await expect(outputBox(page)).toHaveValue(`${FAKE_AI_REPLY} ${FAKE_AI_REPLY}`);

    // Pro/Max: recall the note from memory into the context box.
    await page.getByRole('button', { name: 'Pro/Max' }).click();
    await expect(page.getByRole('button', { name: 'research' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search memory' }).fill('the assistant');
    await page.getByRole('searchbox', { name: 'Search memory' }).press('Enter');
    await expect(contextBox(page)).toHaveValue(
      /^From "Hello! I am your assistant\. How can I.*":\nHello! I am/,
    );
    await expect(page.getByText('Recalled 1 passage from 1 saved item into the context.')).toBeVisible();

    // Load it through the selector; the space key does not change the selector.
    await page.getByRole('button', { name: 'Clear context' }).click();
    await expect(contextBox(page)).toHaveValue('');
    await savedItems(page).focus();
    await page.keyboard.press('Space');
    await expect(savedItems(page)).toHaveValue('');
    const title =
      (await savedItems(page).locator('optgroup[label="Notes"] option').first().textContent()) ?? '';
    await savedItems(page).selectOption({ label: title });
    await expect(contextBox(page)).toHaveValue(FAKE_AI_REPLY);

    // Delete it after the confirmation.
    await page.getByRole('button', { name: 'Delete saved item' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toHaveText(/Are you sure you want to delete this action\?/);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Deleted' })).toBeVisible();
    await expect(savedItems(page).locator('option', { hasText: title })).toHaveCount(0);
    const listed = await page.request.get(`/api/actions/getActions/${me._id}`);
    expect(ActionList.parse(await listed.json())).toEqual([]);

    // Two PDFs: their text shows in the file context and counts toward the chip.
    const [first, second] = pdfFixtures();
    if (!first || !second) throw new Error('need two PDF fixtures');
    await pdfInput(page).setInputFiles(
      [first, second].map(({ name, buffer }) => ({ name, mimeType: 'application/pdf', buffer })),
    );
    for (const name of [first.name, second.name]) {
      await expect(page.getByRole('textbox', { name: `Text from ${name}` })).not.toHaveValue('', {
        timeout: 30_000,
      });
    }
    await expect(page.getByRole('group', { name: 'Context size' })).toContainText(/context \d+(\.\d)?K/);

    // The web shortcut needs a phrase.
    await askBox(page).fill('');
    await page.getByRole('button', { name: 'web', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Type a phrase to search. ( Alpha search is in experimental mode. )',
    );
    // With a phrase it reads the (fake) encyclopedia's intro and links to the article.
    await askBox(page).fill('Ada Lovelace');
    await page.getByRole('button', { name: 'web', exact: true }).click();
    await expect(outputBox(page)).toHaveValue(
      'Ada Lovelace is a well-documented subject. This is its introduction.',
    );
    const result = page.getByRole('complementary', { name: 'Web result' });
    await expect(result.getByRole('link')).toHaveAttribute('href', /\/wiki\/Ada_Lovelace$/);

    // "clear" resets the input, the output and the conversation; the context is freed separately.
    await askBox(page).fill('Clear');
    await askBox(page).press('Enter');
    await expect(outputBox(page)).toHaveValue('');
    await expect(askBox(page)).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Clear 0 stored replies' })).toBeVisible();
    await page.getByRole('button', { name: 'Free the context' }).click();
    await expect(page.getByRole('group', { name: 'Context size' })).toHaveText('context 0');
    await expect(page.getByRole('group', { name: 'File context' })).toHaveCount(0);
  });

  test('stop ends a slow answer and keeps what arrived', async ({ page, request }) => {
    const credentials = newCredentials('stop');
    await createUser(request, credentials);
    await signIn(page, credentials);
    await openStudio(page);
    await askBox(page).fill('answer slowly please');
    await askBox(page).press('Enter');
    await expect(outputBox(page)).toHaveValue(/Hello!/, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByText('Stopped. What arrived is kept.')).toBeVisible();
    const kept = await outputBox(page).inputValue();
    expect(kept.length).toBeLessThan(FAKE_AI_REPLY.length);
    expect(FAKE_AI_REPLY.startsWith(kept.trim())).toBe(true);
    // The server released the request: the next one is answered.
    await askBox(page).fill('hello again');
    await askBox(page).press('Enter');
    await expect(outputBox(page)).toHaveValue(FAKE_AI_REPLY, { timeout: 15_000 });
  });
});
