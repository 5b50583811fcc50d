import { expect, test } from '@playwright/test';
import {
  corruptPdf,
  nonAsciiSamples,
  openStudio,
  pdfFixtures,
  pdfInput,
  wordOverlap,
} from './support/studio.js';
import { createUser, newCredentials, signIn } from './support/users.js';

test.describe('studio PDF text extraction in a real browser', () => {
  test('reads every fixture PDF like pdftotext does, and reports a corrupt one while keeping the rest', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const credentials = newCredentials('pdf');
    await createUser(request, credentials);
    await signIn(page, credentials);

    // Everything pdf.js needs (its worker, character maps) must come from the app itself: no CDN.
    const foreign: string[] = [];
    page.on('request', (req) => {
      if (
        !req.url().startsWith(baseURL ?? '') &&
        !req.url().startsWith('data:') &&
        !req.url().startsWith('blob:')
      )
        foreign.push(req.url());
    });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    await openStudio(page, { pro: true });
    // Notes every "page N of M" the progress shows while the files are read.
    await page.evaluate(() => {
      const seen = new Set<string>();
      Object.assign(window, { __pdfProgress: seen });
      new MutationObserver(() => {
        for (const match of document.body.innerText.matchAll(/page \d+ of \d+/g)) seen.add(match[0]);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    const fixtures = pdfFixtures();
    expect(fixtures.length).toBeGreaterThanOrEqual(5);
    const files = fixtures.map(({ name, buffer }) => ({ name, mimeType: 'application/pdf', buffer }));
    files.splice(2, 0, corruptPdf('bad.pdf'));
    await pdfInput(page).setInputFiles(files);

    const failure = page.getByRole('alert').filter({ hasText: 'bad.pdf' });
    await expect(failure).toContainText('bad.pdf: Failed to extract text from PDF: ', { timeout: 60_000 });
    await expect(page.getByRole('textbox', { name: 'Text from bad.pdf' })).toHaveCount(0);

    for (const fixture of fixtures) {
      const box = page.getByRole('textbox', { name: `Text from ${fixture.name}` });
      await expect(box).toBeVisible({ timeout: 60_000 });
      const text = await box.inputValue();
      const { ratio, missing } = wordOverlap(fixture.reference, text);
      test.info().annotations.push({
        type: fixture.name,
        description: `overlap ${(ratio * 100).toFixed(1)}%, ${text.length} characters; missing: ${missing.slice(0, 12).join(' ')}`,
      });
      expect(ratio, `${fixture.name}: missing ${missing.slice(0, 20).join(' ')}`).toBeGreaterThanOrEqual(
        0.95,
      );
      const lower = text.toLowerCase();
      for (const word of nonAsciiSamples(fixture.reference)) {
        expect(lower, `${fixture.name} should contain “${word}”`).toContain(word);
      }
    }
    // Every good file is kept, in the order picked, and the context chip counts them.
    await expect(page.getByRole('group', { name: 'File context' }).getByRole('textbox')).toHaveCount(
      fixtures.length,
    );
    await expect(page.getByRole('group', { name: 'Context size' })).toContainText(/context \d+(\.\d)?K/);
    const progress = await page.evaluate(() => [
      ...(window as unknown as { __pdfProgress: Set<string> }).__pdfProgress,
    ]);
    expect(progress.length).toBeGreaterThan(0);

    expect(workers.some((url) => url.startsWith(`${baseURL}/assets/pdf.worker`))).toBe(true);
    expect(foreign).toEqual([]);

    await page.getByRole('button', { name: 'Clear File Context' }).click();
    await expect(page.getByRole('group', { name: 'File context' })).toHaveCount(0);
  });
});
