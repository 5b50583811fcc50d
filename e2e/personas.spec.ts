import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { composer } from './support/chat.js';
import {
  characterCardJson,
  characterCardPng,
  createPersona,
  newPersonaUsername,
} from './support/personas.js';
import { createUser, newCredentials, signIn } from './support/users.js';

/** A directory card, found by its Message link (names may repeat; usernames never do). */
const messageLink = (page: Page, username: string) =>
  page.getByRole('link', { name: `Message @${username}`, exact: true });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const field = (page: Page, name: RegExp) => page.getByRole('textbox', { name });

test.describe('AI personas', () => {
  test('browse the explorer by tab, keyword, own personas and search', async ({ page, request }) => {
    const credentials = newCredentials('explore');
    await createUser(request, credentials);
    const me = await signIn(page, credentials);
    const painter = await createPersona(page.request, {
      username: newPersonaUsername('painter'),
      name: 'Palette Pia',
      tag: 'Art',
    });
    const teller = await createPersona(page.request, {
      username: newPersonaUsername('teller'),
      name: 'Fable Finn',
      tag: 'Epic',
      bio: 'Spins fiction about brave small animals.',
    });
    const historian = await createPersona(page.request, {
      username: newPersonaUsername('historian'),
      name: 'Chronicle Chen',
      tag: 'History',
    });

    await page.goto('/explorer');
    await expect(page.getByRole('heading', { level: 1, name: 'AI Explorer' })).toBeVisible();
    await expect(tab(page, 'AI')).toHaveAttribute('aria-selected', 'true');
    // The default assistant is a starter persona in the AI category.
    await expect(messageLink(page, 'ai')).toBeVisible();
    await expect(messageLink(page, painter.username)).toHaveCount(0);

    await tab(page, 'Art').click();
    await expect(messageLink(page, painter.username)).toBeVisible();
    await expect(messageLink(page, teller.username)).toHaveCount(0);
    await expect(page).toHaveURL(/\/explorer\?tab=Art$/);

    await tab(page, 'Fiction').click();
    await expect(messageLink(page, teller.username)).toBeVisible();
    await expect(messageLink(page, painter.username)).toHaveCount(0);

    await tab(page, `@${me.username}`).click();
    for (const persona of [painter, teller, historian]) {
      await expect(messageLink(page, persona.username)).toBeVisible();
    }
    await expect(page.getByRole('article')).toHaveCount(3);

    await tab(page, 'All').click();
    await page.getByRole('searchbox', { name: 'search ai' }).fill(historian.username);
    await expect(messageLink(page, historian.username)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`q=${historian.username}`));

    // Keyboard: arrows move along the tab list and select as they go.
    await tab(page, 'All').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, `@${me.username}`)).toBeFocused();
    await expect(tab(page, `@${me.username}`)).toHaveAttribute('aria-selected', 'true');

    // The last card leads to the studio.
    await expect(page.getByRole('link', { name: /AI Studio/ })).toHaveAttribute('href', '/studio');
  });

  test('a search finds a persona of any tab and says which tab it is in', async ({ page, request }) => {
    const credentials = newCredentials('explorewide');
    await createUser(request, credentials);
    await signIn(page, credentials);
    const helper = await createPersona(page.request, {
      username: newPersonaUsername('helper'),
      name: 'Handy Hal',
      tag: 'Helper',
    });

    // The explorer opens on the AI tab; the search still looks through every tab.
    await page.goto('/explorer');
    await expect(tab(page, 'AI')).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('searchbox', { name: 'search ai' }).fill(helper.username);
    await expect(messageLink(page, helper.username)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(tab(page, 'All')).toHaveAttribute('aria-selected', 'true');
    // The card's tag chip reads "Helper"; a screen reader hears "Tab: Helper".
    await expect(page.getByRole('article').getByText('Tab: Helper', { exact: true })).toBeVisible();
  });

  test('create a persona, find it in the explorer, then edit it through the panel', async ({
    page,
    request,
  }) => {
    const credentials = newCredentials('creator');
    await createUser(request, credentials);
    const me = await signIn(page, credentials);
    const username = newPersonaUsername('quill');

    await page.goto('/chat/:ai');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menu', { name: 'Menu' }).getByRole('menuitem', { name: 'AI Explorer' }).click();
    await page.getByRole('link', { name: 'Create AI' }).click();
    await expect(page).toHaveURL(/\/create$/);
    await field(page, /^Name/).fill('Quill Keeper!');
    await expect(field(page, /^Name/)).toHaveValue('Quill Keeper');
    await field(page, /^Username/).fill(username.toUpperCase());
    await expect(field(page, /^Username/)).toHaveValue(username);
    await field(page, /^Bio/).fill('Hosts a cosy podcast about notebooks.');
    await expect(page.getByText('37/1200')).toBeVisible();
    await field(page, /^Prompt/).fill('You are Quill Keeper, a warm podcast host.');
    await field(page, /^Memory/).fill('Favourite pen: a green fountain pen.');
    await page.getByRole('combobox', { name: /^Category/ }).selectOption('Podcast');
    await page.getByRole('button', { name: 'Create AI' }).click();

    await expect(page).toHaveURL(new RegExp(`/${username}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Quill Keeper' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'More Podcast personas' })).toBeVisible();
    await expect(page.getByText(`Created by @${me.username}`)).toBeVisible();

    await page.goto('/explorer');
    await tab(page, 'Podcast').click();
    await expect(messageLink(page, username)).toBeVisible();
    await tab(page, `@${me.username}`).click();
    await expect(messageLink(page, username)).toBeVisible();
    await page.getByRole('link', { name: 'Quill Keeper', exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/${username}$`));
    const toggle = page.getByRole('button', { name: 'Edit AI' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('region', { name: 'Edit AI' });
    await expect(panel.getByRole('textbox', { name: /^Prompt/ })).toHaveValue(
      'You are Quill Keeper, a warm podcast host.',
    );
    await panel.getByRole('textbox', { name: /^Bio/ }).fill('Now also reviews inks.');
    await panel.getByRole('combobox', { name: /^Tag/ }).selectOption('Productivity');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('status')).toHaveText('Saved');
    const profileCard = page.getByRole('article', { name: 'Quill Keeper' });
    await expect(profileCard.getByText('Now also reviews inks.', { exact: true })).toBeVisible();

    // The panel stays open across a reload (?edit=ai) and the edit was stored.
    await page.reload();
    await expect(profileCard.getByText('Now also reviews inks.', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'More Productivity personas' })).toBeVisible();
    await toggle.click();
    await expect(page.getByRole('region', { name: 'Edit AI' })).toHaveCount(0);
  });

  test('another user sees the persona but never its edit panel or card exports', async ({
    page,
    request,
  }) => {
    const creator = newCredentials('maker');
    const visitor = newCredentials('visitor');
    await createUser(request, creator);
    await createUser(request, visitor);
    await signIn(page, creator);
    const persona = await createPersona(page.request, {
      username: newPersonaUsername('secret'),
      name: 'Secret Keeper',
      tag: 'Fun',
    });

    await signIn(page, visitor);
    await page.goto(`/${persona.username}?edit=ai`);
    await expect(page.getByRole('heading', { level: 1, name: 'Secret Keeper' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Message' })).toHaveAttribute(
      'href',
      `/chat/:${persona.username}`,
    );
    await expect(page.getByRole('button', { name: 'Edit AI' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Edit AI' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit bio' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Export card/ })).toHaveCount(0);
    const exported = await page.request.get(`/api/ai/cards/${persona.username}?format=json`);
    expect(exported.status()).toBe(403);
  });

  test('import a JSON card, create the persona, export it as JSON and PNG, re-import the PNG', async ({
    page,
    request,
  }) => {
    const credentials = newCredentials('importer');
    await createUser(request, credentials);
    await signIn(page, credentials);
    const username = newPersonaUsername('lantern');

    await page.goto('/create');
    await page.getByLabel('Import character card').setInputFiles({
      name: 'old-tom.json',
      mimeType: 'application/json',
      buffer: characterCardJson('Old Tom Lantern'),
    });
    await expect(field(page, /^Name/)).toHaveValue('Old Tom Lantern');
    await expect(field(page, /^Prompt/)).toHaveValue(/^You are Old Tom Lantern\./);
    await expect(page.getByRole('combobox', { name: /^Category/ })).toHaveValue('History');
    await expect(page.getByText('What changed to fit:')).toBeVisible();
    await expect(page.getByText('Alternate greetings are not imported.')).toBeVisible();

    await field(page, /^Username/).fill(username);
    // The card does not say its rating, so the form asks before it creates anything.
    await page.getByRole('button', { name: 'Create AI' }).click();
    await expect(page.getByText('Choose a content rating')).toBeVisible();
    await page.getByRole('radio', { name: 'General' }).check();
    await page.getByRole('button', { name: 'Create AI' }).click();
    await expect(page).toHaveURL(new RegExp(`/${username}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Old Tom Lantern' })).toBeVisible();

    const jsonDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export card (JSON)' }).click();
    const json = await jsonDownload;
    expect(json.suggestedFilename()).toBe(`${username}.json`);
    const card = JSON.parse(fs.readFileSync(await json.path(), 'utf8')) as { data: { name: string } };
    expect(card.data.name).toBe('Old Tom Lantern');

    const pngDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export card (PNG)' }).click();
    const pngFile = await (await pngDownload).path();
    const png = fs.readFileSync(pngFile);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');

    // The PNG card imports back with its own username, which is now taken: the error shows, the form stays.
    await page.goto('/create');
    await page.getByLabel('Import character card').setInputFiles({
      name: `${username}.png`,
      mimeType: 'image/png',
      buffer: png,
    });
    await expect(field(page, /^Name/)).toHaveValue('Old Tom Lantern');
    await expect(field(page, /^Username/)).toHaveValue(username);
    await page.getByRole('button', { name: 'Create AI' }).click();
    await expect(page.getByRole('alert')).toHaveText('That username is already taken');
    await expect(page).toHaveURL(/\/create$/);
    await expect(field(page, /^Name/)).toHaveValue('Old Tom Lantern');
  });

  test("a starter persona is credited to Simplified; a person's persona links to its creator", async ({
    page,
    request,
  }) => {
    const creator = newCredentials('credit');
    await createUser(request, creator);
    await signIn(page, creator);

    await page.goto('/ai');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Created by Simplified', { exact: true })).toBeVisible();
    await expect(page.getByText(/@simplified/)).toHaveCount(0);
    await expect(page.locator('a[href="/simplified"]')).toHaveCount(0);

    const persona = await createPersona(page.request, {
      username: newPersonaUsername('credited'),
      name: 'Credited Sage',
      tag: 'Fun',
    });
    await page.goto(`/${persona.username}`);
    await page
      .getByRole('main')
      .getByRole('link', { name: `@${creator.username}`, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${creator.username}$`));
    await expect(page.getByRole('heading', { level: 1, name: creator.name })).toBeVisible();
  });

  test('a PNG card gives the persona its picture, a private sheet and an opening message that starts each chat', async ({
    page,
    browser,
    request,
  }) => {
    const creator = newCredentials('ferry');
    const visitor = newCredentials('passenger');
    await createUser(request, creator);
    await createUser(request, visitor);
    await signIn(page, creator);
    const username = newPersonaUsername('ferry');
    const opening = 'Evening, the user Last ferry of the night. Where are you headed?';

    await page.goto('/create');
    await page.getByLabel('Import character card').setInputFiles({
      name: 'ferry.png',
      mimeType: 'image/png',
      buffer: characterCardPng('Captain Wren'),
    });
    await expect(field(page, /^Name/)).toHaveValue('Captain Wren');
    await expect(page.getByRole('img', { name: 'Profile picture of Captain Wren' })).toHaveAttribute(
      'src',
      /^data:image\/png;base64,/,
    );
    await expect(field(page, /^Bio/)).toHaveValue('A calm ferry captain for late night chats.');
    await expect(field(page, /^Prompt/)).toHaveValue(/runs the night ferry across the bay/);
    await expect(field(page, /^Prompt/)).toHaveValue(/Scenario: the user boards the last ferry/);
    await expect(field(page, /^Memory/)).toHaveValue(/^Example dialogue:\nthe user: Is it far/);
    await expect(field(page, /^Opening message/)).toHaveValue(opening);

    await field(page, /^Username/).fill(username);
    await page.getByRole('radio', { name: 'General' }).check();
    await page.getByRole('button', { name: 'Create AI' }).click();
    await expect(page).toHaveURL(new RegExp(`/${username}$`));
    const picture = page.getByRole('img', { name: 'Profile picture of Captain Wren' });
    await expect(picture).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{64}\.png$/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await expect(page.getByText('A calm ferry captain for late night chats.')).toBeVisible();
    await expect(page.getByText(/Twenty minutes/)).toHaveCount(0);

    // Someone else sees the picture and the bio, never the sheet or the opening message, until they say hello.
    const other = await browser.newContext();
    const them = await other.newPage();
    await signIn(them, visitor);
    await them.goto(`/${username}`);
    await expect(them.getByRole('img', { name: 'Profile picture of Captain Wren' })).toHaveAttribute(
      'src',
      /^\/uploads\//,
    );
    await expect(them.getByText(/night ferry across the bay|Last ferry of the night/)).toHaveCount(0);
    await them.goto(`/chat/:${username}`);
    const box = composer(them, username);
    await box.fill('Hello there');
    await box.press('Enter');
    const bubbles = them.getByRole('log').locator('article');
    await expect(bubbles.first()).toContainText(`@${username}`);
    await expect(bubbles.first()).toContainText(opening);
    await expect(bubbles.nth(1)).toContainText('Hello there');
    await them.reload();
    await expect(them.getByRole('log').locator('article').first()).toContainText(opening);
    await other.close();
  });
});
