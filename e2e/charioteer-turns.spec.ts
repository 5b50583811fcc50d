import { expect, test, type Locator, type Page } from '@playwright/test';
import { joinIn, startTable, storedTurns, streamingTurn, transcript } from './support/charioteer.js';

/** The words of each stored turn, oldest first. */
const turnTexts = (page: Page) =>
  storedTurns(page).evaluateAll((articles) =>
    articles.map((article) => article.querySelectorAll('p')[1]?.textContent ?? ''),
  );

/** Whether an element's text is cut off (hidden overflow, an ellipsis) instead of shown in full. */
const isCutOff = (element: Locator) =>
  element.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);

test.describe('Charioteer turns', () => {
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

  test('every speaker is shown its own earlier turns', async ({ page, request }) => {
    // "tally" makes the fake provider say how many of the speaker's own turns its prompt held.
    await startTable(page, request, {
      prefix: 'tally',
      names: ['Ada Tally', 'Basil Tally'],
      topic: 'Please tally what you said so far',
      turns: 4,
    });
    await expect(storedTurns(page)).toHaveCount(4, { timeout: 30_000 });
    expect(await turnTexts(page)).toEqual([
      'I have spoken 0 times before.',
      'I have spoken 0 times before.',
      'I have spoken 1 times before.',
      'I have spoken 1 times before.',
    ]);
  });

  test('a stopped turn keeps what was said so far, marked as cut short, across a reload', async ({
    page,
    request,
  }) => {
    // "slowly": the opening turn streams one word every 350 ms, so it can be stopped part way.
    await startTable(page, request, {
      prefix: 'cutstop',
      names: ['Ada Stop', 'Basil Stop'],
      topic: 'Tell me slowly: is tea better than coffee?',
      turns: 3,
    });
    await expect(streamingTurn(page)).toContainText('I am', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByTestId('discussion-status')).toContainText('Stopped');
    const check = async () => {
      await expect(storedTurns(page)).toHaveCount(1);
      const turn = storedTurns(page).first();
      await expect(turn).toHaveAttribute('data-cut-short', 'true');
      await expect(turn).toContainText(/Hello\s+I am.*\(cut short\)/);
      await expect(turn).not.toContainText('How can I help today');
      await expect(turn.getByTitle('Stopped before the end of the turn')).toBeVisible();
    };
    await check();
    await page.reload();
    await check();
  });

  test('a join-in during a turn shows after that turn, live and on reopening alike', async ({
    page,
    request,
  }) => {
    // "slowly": the opening turn takes seconds to stream, long enough to join in while it is spoken.
    const [first] = await startTable(page, request, {
      prefix: 'joinorder',
      names: ['Ada Order', 'Basil Order'],
      topic: 'Tell me slowly: is tea better than coffee?',
      turns: 1,
    });
    await expect(streamingTurn(page)).toContainText('Hello', { timeout: 15_000 });
    await joinIn(page, 'What about matcha?');
    const speakers = () =>
      transcript(page)
        .getByRole('article')
        .evaluateAll((articles) => articles.map((article) => article.querySelector('p')?.textContent ?? ''));
    // Live: the join-in is stored while the turn is still being spoken, and shows after it.
    await expect(storedTurns(page)).toHaveCount(1);
    await expect(streamingTurn(page)).toHaveCount(1);
    expect(await speakers()).toEqual([`@${first}`, 'You']);
    await expect(page.getByTestId('discussion-status')).toContainText('Finished', { timeout: 20_000 });
    await expect(storedTurns(page)).toHaveCount(2);
    const order = await turnTexts(page);
    expect(order).toEqual([expect.stringContaining('How can I help today?'), 'What about matcha?']);
    await page.reload();
    await expect(storedTurns(page)).toHaveCount(2);
    expect(await turnTexts(page)).toEqual(order);
  });

  test('a turn the provider breaks off keeps what streamed, marked as cut short, across a reload', async ({
    page,
    request,
  }) => {
    // "brokenly": four words, then the fake provider drops the connection.
    await startTable(page, request, {
      prefix: 'cutfail',
      names: ['Ada Broken', 'Basil Broken'],
      topic: 'Answer brokenly: is tea better than coffee?',
      turns: 3,
    });
    await expect(page.getByTestId('discussion-status')).toContainText('Failed', { timeout: 20_000 });
    await expect(page.getByRole('alert')).toContainText('The AI service failed to answer');
    const check = async () => {
      await expect(storedTurns(page)).toHaveCount(1);
      await expect(storedTurns(page).first()).toHaveAttribute('data-cut-short', 'true');
      expect(await turnTexts(page)).toEqual([
        'Hello  I am your (cut short): stopped before the end of the turn',
      ]);
    };
    await check();
    await page.reload();
    await check();
  });
});

const LONG_NAMES = [
  'Professor Bartholomew Featherstonehaugh the Third',
  'Supercalifragilisticexpialidociousnesses',
  'Wilhelmina Cornelia Van Der Westhuizen Smith',
];

for (const width of [1280, 375] as const) {
  test.describe(`Charioteer seat names at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 812 : 800 }, reducedMotion: 'reduce' });

    test('long persona names are shown in full, never cut off', async ({ page, request }) => {
      const chips = page.getByRole('list', { name: 'Seats', exact: true });
      const usernames = await startTable(page, request, {
        prefix: `longname${width}`,
        names: LONG_NAMES,
        topic: 'Who has the longest name?',
        turns: 1,
      });
      await expect(page.getByTestId('discussion-status')).toContainText('Finished', { timeout: 20_000 });
      const seats = page.getByRole('list', { name: 'Seats: choose who speaks next' }).getByRole('listitem');
      await expect(seats).toHaveCount(3);
      for (const [i, name] of LONG_NAMES.entries()) {
        const seat = seats.nth(i);
        const shownName = seat.getByText(name, { exact: true });
        await expect(shownName).toBeVisible();
        expect(await isCutOff(shownName)).toBe(false);
        const handle = seat.getByText(`@${usernames[i]}`, { exact: true });
        expect(await isCutOff(handle)).toBe(false);
        // Screen readers hear the whole name too.
        await expect(
          seat.getByRole('button', { name: `${name} @${usernames[i]} speaks next` }),
        ).toBeVisible();
      }
      await page.evaluate(() => window.scrollTo(0, 0));

      // The setup's chips and persona list show them in full as well.
      await page.getByRole('link', { name: '← New discussion' }).click();
      for (const username of usernames) {
        await page.getByRole('searchbox', { name: 'Search personas' }).fill(username);
        await page.getByRole('button', { name: `Seat @${username}` }).click();
      }
      await expect(chips.getByRole('listitem')).toHaveCount(3);
      for (const name of LONG_NAMES) {
        const chipName = chips.getByText(name);
        await expect(chipName).toBeVisible();
        expect(await isCutOff(chipName)).toBe(false);
      }
      const candidate = page.getByRole('list', { name: 'Personas' }).getByText(LONG_NAMES[2] ?? '');
      expect(await isCutOff(candidate)).toBe(false);
    });
  });
}
