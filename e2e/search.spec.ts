import { expect, test, type Page } from '@playwright/test';
import { Message } from '../src/contracts/messages.js';
import { joinIn, startTable, transcript } from './support/charioteer.js';
import { openAs } from './support/chat.js';
import { createUser, newCredentials, signIn } from './support/users.js';

// Search through the real server and its SQLite FTS5 index: a message two pages back in a conversation (or an
// early turn of a long discussion) is found by a word in it, opened where it was said, scrolled into view and marked.

test('search finds an old message and opens it in its conversation', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const ada = newCredentials('searcher');
  const bob = newCredentials('searched');
  await createUser(page.request, ada);
  const bobUser = await createUser(page.request, bob);
  const adaUser = await signIn(page, ada);
  const bobContext = await browser.newContext();
  const login = await bobContext.request.post('/api/users/login', {
    data: { username: bob.username, password: bob.password },
  });
  expect(login.status()).toBe(200);

  // Sends as the web app would: a 429 (more than 20 messages in 20 s) is retried after its Retry-After.
  const send = async (request: typeof page.request, recipientId: string, message: string) => {
    for (;;) {
      const response = await request.post('/api/messages', { data: { message, recipientId } });
      if (response.status() === 429) {
        await new Promise((r) => setTimeout(r, Number(response.headers()['retry-after'] ?? 1) * 1000));
        continue;
      }
      expect(response.status(), await response.text()).toBe(201);
      return Message.parse(await response.json());
    }
  };
  const target = await send(page.request, bobUser._id, 'The lighthouse key is under the blue stone');
  // More than a page of newer messages (a page is 50).
  for (let i = 0; i < 27; i += 1) {
    await send(page.request, bobUser._id, `filler from ada ${i}`);
    await send(bobContext.request, adaUser._id, `filler from bob ${i}`);
  }

  await page.goto('/about');
  // The shortcut listens once the app has started, as a person presses it once the page shows.
  await expect(page.getByRole('heading', { level: 1, name: 'About Simplified' })).toBeVisible();
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const box = dialog.getByRole('searchbox', { name: 'Search messages, notes, prompts and discussions' });
  await expect(box).toBeFocused();
  await box.fill('lightho');
  await expect(dialog.getByRole('status')).toHaveText('1 result');
  const result = dialog.getByRole('link', { name: new RegExp(`Chat with @${bob.username}`) });
  await expect(result.locator('mark')).toHaveText('lighthouse');

  await box.press('ArrowDown');
  await expect(result).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/chat/:${bob.username}$`));
  const found = page.locator(`[data-message-id="${target._id}"]`);
  await expect(found).toBeFocused();
  await expect(found).toBeInViewport();
  await expect(found).toContainText('The lighthouse key is under the blue stone');
  await bobContext.close();
});

test('search never shows another person’s notes', async ({ page, browser }) => {
  const eve = newCredentials('eavesdrop');
  const ann = newCredentials('private');
  await createUser(page.request, eve);
  await createUser(page.request, ann);
  const word = `zebracrossing${Date.now().toString(36)}`;
  await signIn(page, eve);
  const annTab = await openAs(browser, ann, '/about');
  const created = await annTab.page.request.post('/api/actions/createAction', {
    data: { userId: annTab.user._id, type: 'note', memory: `note about ${word}` },
  });
  expect(created.status(), await created.text()).toBe(201);

  const searchFor = async (tab: Page) => {
    await tab.goto('/about');
    await tab.getByRole('button', { name: 'Search everything' }).click();
    const dialog = tab.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('searchbox').fill(word);
    return dialog;
  };
  const annResults = await searchFor(annTab.page);
  await expect(annResults.getByRole('status')).toHaveText('1 result');
  await expect(annResults.getByRole('link', { name: /Note/ })).toHaveAttribute('href', /\/studio\?item=/);
  const eveResults = await searchFor(page);
  await expect(eveResults.getByRole('status')).toHaveText(`No results for “${word}”`);
  await annTab.context.close();
});

test('a search hit on a Charioteer turn opens the table at that turn, marked', async ({ page, request }) => {
  test.setTimeout(120_000);
  const word = `zeppelin${Date.now().toString(36)}`;
  // "tally": quick, short turns; a dozen of them push the early join-in out of the transcript's view.
  await startTable(page, request, {
    prefix: 'turnhit',
    names: ['Ada Hit', 'Basil Hit'],
    topic: 'Please tally what you said so far',
    turns: 14,
  });
  await joinIn(page, `The ${word} lands at dawn`);
  await expect(page.getByTestId('discussion-status')).toContainText('Finished', { timeout: 60_000 });
  const table = new URL(page.url()).search;

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 740 : 800 });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Search everything' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('searchbox').fill(word);
    await expect(dialog.getByRole('status')).toHaveText('1 result');
    const result = dialog.getByRole('link', { name: /Charioteer turn/ });
    await expect(result).toHaveAttribute('href', new RegExp(`^/charioteer\\${table}&turn=`));
    await result.click();

    const turn = transcript(page).locator('article', { hasText: word });
    await expect(turn).toBeFocused();
    await expect(turn).toBeInViewport({ ratio: 1 });
    await expect(turn).toHaveClass(/found/);
    await expect(transcript(page).locator('article[class*="found"]')).toHaveCount(1);
    // Forgotten once shown: the address is the table's, so a reload opens it as usual.
    await expect(page).toHaveURL(new RegExp(`/charioteer\\${table}$`));
  }
});
