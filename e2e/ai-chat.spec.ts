import { expect, test, type Page } from '@playwright/test';
import { MessageList } from '../src/contracts/messages.js';
import { ProfileResponse } from '../src/contracts/users.js';
import {
  STORED_REPLY,
  recordStream,
  recordedStream,
  storedTexts,
  streamedText,
  streamingBubble,
} from './support/ai-chat.js';
import { SYMBOLS_STORED } from './support/fake-ai-replies.js';
import { composer, contactEntry, expectLive } from './support/chat.js';
import { createUser, newCredentials, signIn } from './support/users.js';

// Chatting with the seeded assistant "ai" through the real server, whose AI provider is the fake
// OpenAI-compatible server of e2e/support/fake-ai-server.ts (real HTTP and server-sent events).

async function messagesWithAi(page: Page) {
  const profile = await page.request.get('/api/users/profile/ai');
  expect(profile.status()).toBe(200);
  const ai = ProfileResponse.parse(await profile.json());
  const response = await page.request.get(`/api/messages/${ai._id}`);
  expect(response.status()).toBe(200);
  return MessageList.parse(await response.json()).map((message) => ({
    mine: message.sender !== ai._id,
    text: message.text,
  }));
}

async function send(page: Page, text: string) {
  const box = composer(page, 'ai');
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

test('the assistant answers word by word in every tab, and the stored reply stays after a reload', async ({
  page,
  context,
}) => {
  const me = newCredentials('aichat');

  await test.step('sign up and land on /chat/:ai', async () => {
    await page.goto('/signup');
    await page.getByLabel('Name', { exact: true }).fill(me.name);
    await page.getByLabel('Username', { exact: true }).fill(me.username);
    await page.getByLabel('Email', { exact: true }).fill(me.email);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/chat\/:ai$/);
    await expect(page.getByText('No messages yet. Say hello to @ai.')).toBeVisible();
    await expect(composer(page, 'ai')).toHaveAttribute('placeholder', '@ai ai');
  });

  const second = await context.newPage();
  await second.goto('/chat/:ai');
  await expect(second.getByText('No messages yet. Say hello to @ai.')).toBeVisible();
  for (const tab of [page, second]) {
    await expectLive(tab);
    await recordStream(tab);
  }

  // "slowly": a word every 350 ms, so the checks made while the reply streams find it streaming. At the usual 60 ms
  // a word the whole reply took 0.6 s, and on a loaded CI machine it ended between two of them.
  const question = 'Hi there, who are you? Tell me slowly.';
  await test.step('send a message: "typing…", then the reply grows, then the stored text', async () => {
    await send(page, question);
    await expect(page.getByRole('log').getByText(question)).toBeVisible();
    await expect(page.getByRole('log').getByText('@ai is typing…')).toBeVisible();
    await expect(second.getByRole('log').getByText('@ai is typing…')).toBeVisible();

    // Mid-stream: a busy bubble holding the first words, not yet the whole sentence.
    await expect(streamingBubble(page)).toBeVisible();
    await expect(streamingBubble(page)).toHaveAttribute('aria-busy', 'true');
    await expect(streamingBubble(page)).toContainText('Hello');
    await expect(page.getByRole('log').getByText('@ai is typing…')).toHaveCount(0);

    await expect(streamingBubble(page)).toHaveCount(0);
    await expect.poll(() => storedTexts(page)).toEqual([question, STORED_REPLY]);
    await expect.poll(() => storedTexts(second)).toEqual([question, STORED_REPLY]);
    await expect(contactEntry(page, 'ai')).toContainText('Hello I am your assistant.');

    for (const tab of [page, second]) {
      const seen = await recordedStream(tab);
      expect(seen.typing).toBe(true);
      // Several growing pieces, each the start of the stored reply (what streams is what stays), at least
      // one of them only part of it.
      expect(seen.texts.length).toBeGreaterThanOrEqual(3);
      for (const text of seen.texts) expect(STORED_REPLY.startsWith(text)).toBe(true);
      expect(seen.texts.some((text) => text.length < STORED_REPLY.length && /\S/.test(text))).toBe(true);
    }
  });

  await test.step('a reload shows both messages, stored', async () => {
    await page.reload();
    await expect.poll(() => storedTexts(page)).toEqual([question, STORED_REPLY]);
    expect(await messagesWithAi(page)).toEqual([
      { mine: true, text: question },
      { mine: false, text: STORED_REPLY },
    ]);
  });

  await test.step("the AI conversation has a 'clear' button that makes the persona forget", async () => {
    await page.getByRole('button', { name: 'clear AI memory' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Memory cleared' })).toBeVisible();
  });
  await second.close();
});

test('a failed reply shows in place and stores nothing; "Try again" asks again', async ({
  page,
  request,
}) => {
  const credentials = newCredentials('aifail');
  await createUser(request, credentials);
  await signIn(page, credentials);
  await page.goto('/chat/:ai');
  await expect(page.getByText('No messages yet. Say hello to @ai.')).toBeVisible();

  await test.step('the provider fails: an inline error, no partial bubble', async () => {
    await send(page, 'please fail');
    await expect(page.getByRole('log').getByText('@ai is typing…')).toBeVisible();
    const error = page.getByRole('log').getByRole('alert');
    await expect(error).toContainText('@ai could not answer:');
    await expect(error).toContainText('The AI service failed to answer');
    await expect(page.getByRole('log').getByText('@ai is typing…')).toHaveCount(0);
    await expect(streamingBubble(page)).toHaveCount(0);
    expect(await storedTexts(page)).toEqual(['please fail']);
  });

  await test.step('nothing was stored for the persona; my message stays', async () => {
    expect(await messagesWithAi(page)).toEqual([{ mine: true, text: 'please fail' }]);
    await page.reload();
    await expect.poll(() => storedTexts(page)).toEqual(['please fail']);
    await expect(page.getByRole('log').getByRole('alert')).toHaveCount(0);
  });

  await test.step('"Try again" answers my last message again, without sending it twice', async () => {
    // The fake provider fails a "flaky" text the first time it sees it (unique per run of this test).
    const flaky = `a flaky question from ${credentials.username}`;
    await send(page, flaky);
    await expect(page.getByRole('log').getByRole('alert')).toContainText('@ai could not answer:');
    await page.getByRole('log').getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('log').getByRole('alert')).toHaveCount(0);
    await expect.poll(() => storedTexts(page)).toEqual(['please fail', flaky, STORED_REPLY]);
    await expect(streamingBubble(page)).toHaveCount(0);
    // Stored once: a reload and the API agree, so the model never sees it twice either.
    await page.reload();
    await expect.poll(() => storedTexts(page)).toEqual(['please fail', flaky, STORED_REPLY]);
    expect(await messagesWithAi(page)).toEqual([
      { mine: true, text: 'please fail' },
      { mine: true, text: flaky },
      { mine: false, text: STORED_REPLY },
    ]);
  });
});

test('what streams is what stays: replaced characters never show, and the bubble does not change at the end', async ({
  page,
  request,
}) => {
  const credentials = newCredentials('aisym');
  await createUser(request, credentials);
  await signIn(page, credentials);
  await page.goto('/chat/:ai');
  await expect(page.getByText('No messages yet. Say hello to @ai.')).toBeVisible();
  await recordStream(page);

  // "symbols": the fake provider streams Markdown, # @ $ ^ & ( ) [ ] { } ~ | \ / < >, a CRLF and an emoji,
  // cut mid-run, a piece every 250 ms.
  await send(page, 'Some symbols please');
  await expect(streamingBubble(page)).toContainText('Sure');
  await expect(streamingBubble(page)).toHaveCount(0, { timeout: 15_000 });

  const seen = await recordedStream(page);
  expect(seen.texts.length).toBeGreaterThanOrEqual(3);
  for (const text of seen.texts) {
    expect(text).not.toMatch(/[#@$^&()[\]{}~|\\/<>*!]/);
    // Every state of the bubble is the start of the stored text: nothing is replaced when it ends.
    expect(SYMBOLS_STORED.startsWith(text), JSON.stringify(text)).toBe(true);
  }
  await expect.poll(() => storedTexts(page)).toEqual(['Some symbols please', SYMBOLS_STORED]);
  expect(await messagesWithAi(page)).toEqual([
    { mine: true, text: 'Some symbols please' },
    { mine: false, text: SYMBOLS_STORED },
  ]);
});

test('coming back to a conversation mid-reply shows the text so far and streams on', async ({
  page,
  request,
}) => {
  const credentials = newCredentials('aiback');
  await createUser(request, credentials);
  await signIn(page, credentials);
  await page.goto('/chat/:ai');
  await expect(page.getByText('No messages yet. Say hello to @ai.')).toBeVisible();

  // "haltingly": the fake provider thinks 2.5 s, then writes a word every 2 s (about 20 s in all).
  await send(page, 'Answer me haltingly');
  await expect(streamingBubble(page)).toContainText('am your', { timeout: 15_000 });
  const before = await streamedText(page);

  await test.step("away to the persona's profile and back: the text so far shows at once", async () => {
    await page.getByRole('region', { name: 'Conversation' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/ai$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/chat\/:ai$/);
    await expect(streamingBubble(page)).toBeVisible({ timeout: 1_500 });
    expect(STORED_REPLY.startsWith(await streamedText(page))).toBe(true);
    expect((await streamedText(page)).length).toBeGreaterThanOrEqual(before.length);
  });

  await test.step('a reload: the text so far shows at once, and it keeps growing', async () => {
    await page.reload();
    await expect(streamingBubble(page)).toBeVisible({ timeout: 1_500 });
    const shown = await streamedText(page);
    expect(STORED_REPLY.startsWith(shown)).toBe(true);
    expect(shown.length).toBeGreaterThanOrEqual(before.length);
    await expect
      .poll(async () => (await streamedText(page)).length, { timeout: 5_000 })
      .toBeGreaterThan(shown.length);
  });

  await expect
    .poll(() => storedTexts(page), { timeout: 30_000 })
    .toEqual(['Answer me haltingly', STORED_REPLY]);
  await expect(streamingBubble(page)).toHaveCount(0);
});

test('on a phone, the contacts drawer says the persona is typing while it writes', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const credentials = newCredentials('aidrawer');
  await createUser(request, credentials);
  await signIn(page, credentials);
  await page.goto('/chat/:ai');
  await expect(page.getByText('No messages yet. Say hello to @ai.')).toBeVisible();

  // "slowly": the fake provider thinks 2.5 s, then writes a word every 350 ms.
  await send(page, 'Tell me slowly what you can do.');
  await expect(page.getByRole('log').getByText('@ai is typing…')).toBeVisible();
  await page.getByRole('button', { name: 'Open contacts' }).click();
  const drawer = page.getByRole('dialog', { name: 'Contacts' });
  await expect(drawer.getByText('typing…')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect.poll(() => storedTexts(page), { timeout: 20_000 }).toHaveLength(2);
});

test('the AI status banner follows the model: downloading, loading, unavailable, ready', async ({
  page,
  request,
}) => {
  const credentials = newCredentials('aibanner');
  await createUser(request, credentials);
  await signIn(page, credentials);
  let status: Record<string, unknown> = { state: 'downloading', progress: 0.42 };
  await page.route('**/api/ai/status', (route) => route.fulfill({ json: status }));

  await page.goto('/chat/:ai');
  await expect(page.locator('[data-state="downloading"]')).toContainText('Getting the AI ready… 42%');
  await expect(page.getByRole('progressbar', { name: 'AI model download' })).toHaveAttribute(
    'aria-valuenow',
    '42',
  );

  // The banner asks again on its own while the model is on its way.
  status = { state: 'loading' };
  await expect(page.locator('[data-state="loading"]')).toBeVisible({ timeout: 5_000 });

  status = { state: 'unavailable' };
  await page.reload();
  const notice = page.locator('[data-state="unavailable"]');
  await expect(notice).toContainText('AI replies are not available on this server yet.');
  await notice.getByRole('button', { name: 'Dismiss AI notice' }).click();
  await expect(notice).toHaveCount(0);

  status = { state: 'ready' };
  await page.goto('/about');
  await expect(page.locator('[data-state]')).toHaveCount(0);
});
