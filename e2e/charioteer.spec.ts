import { expect, test, type Page } from '@playwright/test';
import { joinIn, resume, seat, storedTurns, streamingTurn, transcript } from './support/charioteer.js';
import { createPersona, newPersonaUsername } from './support/personas.js';
import { createUser, newCredentials, signIn } from './support/users.js';

/** What the fake provider says every time (the server stores it with the "!" filtered out). */
const SAID = /Hello.+I am your assistant\. How can I help today\?/;

/** Who spoke each stored turn ("@name" or "You"), oldest first. */
async function speakers(page: Page): Promise<string[]> {
  return storedTurns(page).evaluateAll((articles) =>
    articles.map((article) => article.querySelectorAll('p')[0]?.textContent ?? ''),
  );
}

for (const width of [1280, 375] as const) {
  test.describe(`Charioteer at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 812 : 800 }, reducedMotion: 'reduce' });

    test('three personas talk in seat order; I join in, pick who speaks next and export', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const credentials = newCredentials(`chario${width}`);
      await createUser(request, credentials);
      await signIn(page, credentials);
      const names = ['Ada', 'Basil', 'Cleo'];
      const usernames: string[] = [];
      for (const name of names) {
        const username = newPersonaUsername(name.toLowerCase());
        usernames.push(username);
        await createPersona(page.request, { username, name: `${name} Seat`, tag: 'AI' });
      }
      const [first, second, third] = usernames.map((u) => `@${u}`) as [string, string, string];

      await page.goto('/charioteer');
      await expect(page.getByRole('heading', { name: 'Charioteer', level: 1 })).toBeVisible();
      for (const username of usernames) await seat(page, username);
      await expect(page.getByRole('list', { name: 'Seats' }).getByRole('listitem')).toHaveCount(3);
      await expect(page.getByText('3 of 5 seats taken.')).toBeVisible();
      // "slowly" makes the fake provider take its time with the opening turn (partial state).
      await page.getByLabel('Topic').fill('Tell me slowly: is tea better than coffee?');
      await page.getByLabel('Turns').selectOption('3');
      await page.getByRole('searchbox', { name: 'Search personas' }).fill('');
      await page.getByRole('button', { name: 'Start discussion' }).click();

      await expect(page).toHaveURL(/\/charioteer\?d=/);
      await expect(
        page.getByRole('heading', { name: 'Tell me slowly: is tea better than coffee?' }),
      ).toBeVisible();
      await expect(page.getByTestId('discussion-status')).toContainText('Running');
      // A partial turn first: the first seat speaking, its words arriving.
      await expect(transcript(page).getByRole('status')).toContainText(`${first} is speaking…`);
      await expect(streamingTurn(page)).toContainText('I am');
      await expect(streamingTurn(page)).toHaveAttribute('aria-busy', 'true');
      const partial = (await streamingTurn(page).locator('p').nth(1).textContent()) ?? '';
      expect(partial).not.toMatch(SAID);

      // Then three complete turns, one per persona, in seat order.
      await expect(storedTurns(page)).toHaveCount(3, { timeout: 30_000 });
      expect(await speakers(page)).toEqual([first, second, third]);
      await expect(storedTurns(page).first()).toContainText(SAID);
      await expect(page.getByTestId('discussion-status')).toContainText('Finished');
      await expect(page.getByRole('button', { name: 'Pause' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Resume' })).toBeEnabled();

      // I join in, then choose the third seat to speak next: the order follows from there.
      await joinIn(page, 'What about green tea?');
      await expect(storedTurns(page)).toHaveCount(4);
      expect((await speakers(page)).at(-1)).toBe('You');
      await page.getByRole('button', { name: `${third} speaks next` }).click();
      await expect(page.getByRole('button', { name: `${third} speaks next` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByText(/Next speaker:/)).toContainText(`Next speaker: ${third}`);
      await resume(page, 2);
      await expect(storedTurns(page)).toHaveCount(6, { timeout: 30_000 });
      expect(await speakers(page)).toEqual([first, second, third, 'You', third, first]);
      await expect(page.getByTestId('discussion-status')).toContainText('Finished');

      await page.getByRole('button', { name: 'Export as note' }).click();
      await expect(page.getByText(/Saved as a note:/)).toBeVisible();

      // A provider failure: the status turns to failed with the error, and the transcript stays.
      await joinIn(page, 'please fail');
      await expect(storedTurns(page)).toHaveCount(7);
      await resume(page, 1);
      await expect(page.getByTestId('discussion-status')).toContainText('Failed', { timeout: 20_000 });
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(storedTurns(page)).toHaveCount(7);

      // The discussion is listed and reopens from the setup view.
      await page.getByRole('link', { name: '← New discussion' }).click();
      const past = page.getByRole('region', { name: 'Past discussions' });
      await past.getByRole('link', { name: /Tell me slowly/ }).click();
      await expect(storedTurns(page)).toHaveCount(7);
    });
  });
}
