import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { Message } from '../src/contracts/messages.js';
import { Room } from '../src/contracts/rooms.js';
import { SearchResults } from '../src/contracts/search.js';
import { expectLive, openAs, sendAs } from './support/chat.js';
import { createPersona, newPersonaUsername } from './support/personas.js';
import { createUser, newCredentials, signIn, type Credentials } from './support/users.js';

// Rooms through the real server, three people in three browsers and two personas answered by the fake provider
// (e2e/support/fake-ai-server.ts: "transcript" makes a persona say back what its prompt held).

const ROOM = 'Lighthouse';

function messageLog(page: Page): Locator {
  return page.getByRole('log', { name: `Messages in ${ROOM}` });
}

/** Stored bubbles (not ones still streaming) signed by `username`. */
function bubblesBy(page: Page, username: string): Locator {
  const byline = page.locator('[class*="author"]', { hasText: new RegExp(`^@${username}$`) });
  return messageLog(page).locator('article:not([data-streaming])').filter({ has: byline });
}

async function say(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: `Message ${ROOM}` });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(messageLog(page).getByText(text)).toBeVisible();
}

async function startRoom(
  request: APIRequestContext,
  input: { people: string[]; personas: string[]; replyMode: Room['replyMode'] },
): Promise<Room> {
  const response = await request.post('/api/rooms', { data: { name: ROOM, ...input } });
  expect(response.status(), await response.text()).toBe(201);
  return Room.parse(await response.json());
}

async function searchAs(request: APIRequestContext, who: Credentials, q: string): Promise<string[]> {
  await request.post('/api/users/login', { data: { username: who.username, password: who.password } });
  const response = await request.get(`/api/search?q=${q}`);
  expect(response.status()).toBe(200);
  return SearchResults.parse(await response.json()).map((hit) => hit._id);
}

test('three people and two personas in one room: live, seen, who speaks, what a persona is told, removal, search', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [ada, bo, cy, stranger] = ['ada', 'bo', 'cy', 'stranger'].map((name) =>
    newCredentials(`room${name}`),
  ) as [Credentials, Credentials, Credentials, Credentials];
  for (const person of [ada, bo, cy, stranger]) await createUser(request, person);
  await signIn(page, ada);
  const sage = await createPersona(page.request, {
    username: newPersonaUsername('sage'),
    name: 'Sage',
    tag: 'Helper',
  });
  const jester = await createPersona(page.request, {
    username: newPersonaUsername('jester'),
    name: 'Jester',
    tag: 'Fun',
  });
  // Bo's private words to the Jester, which no room may hear of.
  await sendAs(request, bo, jester._id, 'PRIVATEDMSECRET only for the jester');

  const room = await startRoom(page.request, {
    people: [bo.username, cy.username],
    personas: [sage.username],
    replyMode: 'one',
  });
  const early = await page.request.post(`/api/rooms/${room._id}/messages`, {
    data: { message: 'EARLYBIRD before the jester came' },
  });
  expect(early.status()).toBe(201);
  const added = await page.request.post(`/api/rooms/${room._id}/members`, {
    data: { personas: [jester.username] },
  });
  expect(added.status()).toBe(200);

  await page.goto(`/chat/room/${room._id}`);
  const boTab = await openAs(browser, bo, `/chat/room/${room._id}`);
  const cyTab = await openAs(browser, cy, `/chat/room/${room._id}`);
  for (const tab of [page, boTab.page, cyTab.page]) await expectLive(tab);
  // The Sage answered the early message (one responds): wait for it, so counts below start from there.
  await expect(bubblesBy(page, sage.username)).toHaveCount(1);

  // Live for everyone, with presence and "seen by".
  await expect(boTab.page.getByText('2 online')).toBeVisible();
  await say(boTab.page, 'Hello from Bo in the room');
  for (const tab of [page, cyTab.page])
    await expect(messageLog(tab).getByText('Hello from Bo in the room')).toBeVisible();
  await expect(messageLog(boTab.page).getByText('Seen by 2')).toBeVisible();

  // One responds: exactly one persona answers, and not the one that spoke last.
  await expect(bubblesBy(cyTab.page, jester.username)).toHaveCount(1);
  await page.waitForTimeout(1_500);
  await expect(bubblesBy(cyTab.page, sage.username)).toHaveCount(1);
  await expect(bubblesBy(cyTab.page, jester.username)).toHaveCount(1);

  // An @name makes that persona answer.
  await say(cyTab.page, `@${sage.username} what do you think`);
  await expect(bubblesBy(boTab.page, sage.username)).toHaveCount(2);

  // A benched persona never speaks, even when named.
  await page.getByRole('button', { name: /Members/ }).click();
  const manageSage = page.getByRole('group', { name: `Manage @${sage.username}` });
  await manageSage.getByRole('button', { name: 'Bench' }).click();
  await expect(manageSage.getByRole('button', { name: 'Let speak' })).toBeVisible();
  await page.keyboard.press('Escape');
  await say(page, `@${sage.username} are you there`);
  await expect(bubblesBy(boTab.page, jester.username)).toHaveCount(2);
  await page.waitForTimeout(1_500);
  await expect(bubblesBy(boTab.page, sage.username)).toHaveCount(2);

  // What the Jester is told: the room since it joined, and nothing of Bo's private DM with it.
  await say(boTab.page, `@${jester.username} transcript please`);
  await expect(bubblesBy(boTab.page, jester.username)).toHaveCount(3);
  const told = bubblesBy(boTab.page, jester.username).last();
  await expect(told).toContainText('Hello from Bo in the room');
  await expect(told).not.toContainText('EARLYBIRD');
  await expect(told).not.toContainText('PRIVATEDMSECRET');

  // Cy is removed: her open tab stops receiving the room at once.
  await page.getByRole('button', { name: /Members/ }).click();
  await page
    .getByRole('group', { name: `Manage @${cy.username}` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await page.keyboard.press('Escape');
  await expect(cyTab.page.getByText('You are no longer in this room.')).toBeVisible();
  await say(boTab.page, 'ZEPPELIN after cy left');
  await cyTab.page.waitForTimeout(1_000);
  await expect(messageLog(cyTab.page).getByText('ZEPPELIN after cy left')).toHaveCount(0);

  // Search finds the room's messages for its members only (Cy: up to her removal).
  const zeppelin = await page.request.get(`/api/rooms/${room._id}/messages`);
  const last = Message.array()
    .parse(await zeppelin.json())
    .find((m) => m.text.startsWith('ZEPPELIN'));
  expect(await searchAs(request, bo, 'zeppelin')).toEqual([last?._id]);
  expect(await searchAs(request, cy, 'zeppelin')).toEqual([]);
  expect(await searchAs(request, cy, 'earlybird')).toHaveLength(1);
  expect(await searchAs(request, stranger, 'earlybird')).toEqual([]);
  await boTab.context.close();
  await cyTab.context.close();
});

test('free mode: personas answer each other until the room’s budget of persona turns', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const [ada, bo] = [newCredentials('freeada'), newCredentials('freebo')];
  for (const person of [ada, bo]) await createUser(request, person);
  await signIn(page, ada);
  const first = await createPersona(page.request, {
    username: newPersonaUsername('left'),
    name: 'Lefty',
    tag: 'Fun',
  });
  const second = await createPersona(page.request, {
    username: newPersonaUsername('right'),
    name: 'Righty',
    tag: 'Fun',
  });
  const room = await startRoom(page.request, {
    people: [bo.username],
    personas: [first.username, second.username],
    replyMode: 'free',
  });
  const budget = await page.request.patch(`/api/rooms/${room._id}`, { data: { personaTurns: 3 } });
  expect(budget.status()).toBe(200);
  await page.goto(`/chat/room/${room._id}`);
  await expectLive(page);
  await say(page, 'Discuss the sea among yourselves');
  const personaBubbles = bubblesBy(page, first.username).or(bubblesBy(page, second.username));
  await expect(personaBubbles).toHaveCount(3);
  await page.waitForTimeout(3_000);
  await expect(personaBubbles).toHaveCount(3);
  // They took turns: Lefty and Righty both spoke, neither twice in a row.
  await expect(bubblesBy(page, first.username)).not.toHaveCount(0);
  await expect(bubblesBy(page, second.username)).not.toHaveCount(0);
});
