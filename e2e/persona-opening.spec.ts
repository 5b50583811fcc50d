import { expect, test } from '@playwright/test';
import { MessageList } from '../src/contracts/messages.js';
import type { CreateAiRequest } from '../src/contracts/personas.js';
import { ProfileResponse } from '../src/contracts/users.js';
import { composer, expectLive } from './support/chat.js';
import { newPersonaUsername } from './support/personas.js';
import { createUser, newCredentials, signIn } from './support/users.js';

// A persona speaks first: its opening message is its first bubble before anyone writes, as persona products do,
// and stays one bubble once the server has stored it with the conversation.

const OPENING = 'The lamp is lit. Come in out of the rain, traveller.';

test('a persona’s opening message greets before the person writes, and shows once after', async ({
  page,
  request,
}) => {
  const creator = newCredentials('opener');
  await createUser(request, creator);
  const body: CreateAiRequest = {
    name: 'Lamplighter',
    username: newPersonaUsername('lamp'),
    bio: 'Keeps the lamp on Gull Rock.',
    prompt: 'You are the lamplighter. Answer briefly.',
    tag: 'Fun',
    openingMessage: OPENING,
  };
  const created = await request.post('/api/ai/createAI', { data: body });
  expect(created.status(), await created.text()).toBe(201);
  const persona = ProfileResponse.parse(await created.json());

  const me = newCredentials('visitor');
  await createUser(page.request, me);
  await signIn(page, me);
  await page.goto(`/chat/:${persona.username}`);
  const log = page.getByRole('log');

  await test.step('before writing: the opening is the persona’s first bubble, no "say hello"', async () => {
    await expect(log.getByRole('article').filter({ hasText: OPENING })).toHaveCount(1);
    await expect(log.getByRole('article').first()).toContainText(`@${persona.username}`);
    await expect(log.getByText(/No messages yet/)).toHaveCount(0);
  });

  const hello = 'Good evening';
  await test.step('after writing: the stored opening, once, before my message', async () => {
    await expectLive(page);
    const box = composer(page, persona.username);
    await box.fill(hello);
    await box.press('Enter');
    await expect(box).toHaveValue('');
    // Stored by the server with the conversation, before my message; the persona's reply follows.
    await expect
      .poll(async () => {
        const response = await page.request.get(`/api/messages/${persona._id}`);
        return MessageList.parse(await response.json()).length;
      })
      .toBeGreaterThanOrEqual(3);
    const stored = MessageList.parse(await (await page.request.get(`/api/messages/${persona._id}`)).json());
    expect(stored.slice(0, 2).map((message) => message.text)).toEqual([OPENING, hello]);
    await expect(log.getByRole('article')).toHaveCount(stored.length);
    await expect(log.getByRole('article').filter({ hasText: OPENING })).toHaveCount(1);
    await expect(log.getByRole('article').nth(1)).toContainText(hello);
  });

  await test.step('after a reload: still once', async () => {
    await page.reload();
    await expect(log.getByRole('article').nth(1)).toContainText(hello);
    await expect(log.getByRole('article').filter({ hasText: OPENING })).toHaveCount(1);
  });
});
