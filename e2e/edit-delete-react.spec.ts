import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { Room } from '../src/contracts/rooms.js';
import { SearchResults } from '../src/contracts/search.js';
import { composer, expectLive, openAs } from './support/chat.js';
import { createUser, newCredentials, signIn, type Credentials } from './support/users.js';

// Edit, delete for everyone and reactions through the real server, two people in two browsers: what one does
// reaches the other's open tab live, in a DM and in a room, and search follows the text.

/** The stored bubble that holds `text`, in the page's message log. */
function bubble(page: Page, text: string | RegExp): Locator {
  return page.getByRole('log').locator('article').filter({ hasText: text });
}

async function searchHits(request: APIRequestContext, q: string): Promise<string[]> {
  const response = await request.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(response.status()).toBe(200);
  return SearchResults.parse(await response.json()).map((hit) => hit.excerpt);
}

async function editInPlace(page: Page, from: string, to: string): Promise<void> {
  await bubble(page, from).getByRole('button', { name: 'Edit message' }).click();
  const field = page.getByRole('textbox', { name: 'Edit message' });
  await expect(field).toBeFocused();
  await field.fill(to);
  await field.press('Enter');
  await expect(field).toHaveCount(0);
}

async function deleteForEveryone(page: Page, text: string): Promise<void> {
  await bubble(page, text).getByRole('button', { name: 'Delete message' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this message for everyone?' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
}

async function reactWith(page: Page, text: string, emoji: string): Promise<void> {
  await bubble(page, text).getByRole('button', { name: 'Add reaction' }).click();
  await page
    .getByRole('toolbar', { name: 'Reactions' })
    .getByRole('button', { name: `React with ${emoji}` })
    .click();
}

test('edits, deletions and reactions reach the other person live, in a DM and a room, and search follows', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const [ada, bo] = [newCredentials('editor'), newCredentials('reader')] as [Credentials, Credentials];
  await createUser(page.request, ada);
  await createUser(page.request, bo);
  await signIn(page, ada);
  await page.goto(`/chat/:${bo.username}`);
  const boTab = await openAs(browser, bo, `/chat/:${ada.username}`);
  await expectLive(page);
  await expectLive(boTab.page);

  const box = composer(page, bo.username);
  for (const text of ['Meet at the lighthuose at noon', 'The code is marmalade', 'We won the regatta']) {
    await box.fill(text);
    await box.press('Enter');
    await expect(bubble(boTab.page, text)).toBeVisible();
  }

  // An edit: the other tab shows the new text, marked edited; search finds the new words only.
  await editInPlace(page, 'Meet at the lighthuose at noon', 'Meet at the lighthouse at noon');
  await expect(bubble(boTab.page, 'Meet at the lighthouse at noon')).toContainText('edited');
  await expect(boTab.page.getByText('lighthuose')).toHaveCount(0);
  expect(await searchHits(boTab.page.request, 'lighthouse')).toHaveLength(1);
  expect(await searchHits(boTab.page.request, 'lighthuose')).toEqual([]);

  // A deletion: "message deleted" for both, gone from search.
  expect(await searchHits(boTab.page.request, 'marmalade')).toHaveLength(1);
  await deleteForEveryone(page, 'The code is marmalade');
  await expect(boTab.page.getByText('The code is marmalade')).toHaveCount(0);
  await expect(boTab.page.getByRole('log').getByText('message deleted')).toBeVisible();
  await expect(page.getByRole('log').getByText('message deleted')).toBeVisible();
  expect(await searchHits(boTab.page.request, 'marmalade')).toEqual([]);

  // Reactions: live in both tabs, with who reacted; one's own is pressed.
  await reactWith(boTab.page, 'We won the regatta', '👍');
  const chip = (who: Page, name: string) => bubble(who, 'We won the regatta').getByRole('button', { name });
  await expect(chip(page, `👍 1 reaction: @${bo.username}`)).toHaveAttribute('aria-pressed', 'false');
  await chip(page, `👍 1 reaction: @${bo.username}`).click();
  const both = `👍 2 reactions: @${bo.username}, @${ada.username}`;
  await expect(chip(boTab.page, both)).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(page, both)).toHaveAttribute('aria-pressed', 'true');

  // The same in a room.
  const made = await page.request.post('/api/rooms', {
    data: { name: 'Harbour', people: [bo.username], personas: [], replyMode: 'one' },
  });
  expect(made.status()).toBe(201);
  const room = Room.parse(await made.json());
  await page.goto(`/chat/room/${room._id}`);
  await boTab.page.goto(`/chat/room/${room._id}`);
  await expectLive(page);
  await expectLive(boTab.page);
  const roomBox = page.getByRole('textbox', { name: 'Message Harbour' });
  await roomBox.fill('Tide turns at six');
  await roomBox.press('Enter');
  await expect(bubble(boTab.page, 'Tide turns at six')).toBeVisible();
  await editInPlace(page, 'Tide turns at six', 'Tide turns at seven');
  await expect(bubble(boTab.page, 'Tide turns at seven')).toContainText('edited');
  await reactWith(boTab.page, 'Tide turns at seven', '🙏');
  await expect(
    bubble(page, 'Tide turns at seven').getByRole('button', { name: `🙏 1 reaction: @${bo.username}` }),
  ).toBeVisible();
  await deleteForEveryone(page, 'Tide turns at seven');
  await expect(boTab.page.getByRole('log').getByText('message deleted')).toBeVisible();
  await boTab.context.close();
});
