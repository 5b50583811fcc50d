import { expect, test } from '@playwright/test';
import { SAFETY_ERRORS } from '../src/contracts/safety.js';
import { composer, contactEntry, expectLive, openAs, sendAs } from './support/chat.js';
import { createPersona, newPersonaUsername } from './support/personas.js';
import { createUser, newCredentials, signIn } from './support/users.js';

// Blocking from a profile, as two people in two browsers: the blocked person's sends are refused without
// saying why, and the blocker no longer sees them or their persona anywhere, until they unblock.

test('a person blocks another: sends and forwards are refused, and the blocked one vanishes for the blocker', async ({
  page,
  browser,
  request,
}) => {
  const vera = newCredentials('blocker');
  const bob = newCredentials('blocked');
  const veraUser = await createUser(request, vera);
  await createUser(request, bob);
  const bobs = await openAs(browser, bob, `/chat/:${vera.username}`);
  const persona = await createPersona(bobs.page.request, {
    username: newPersonaUsername('bobs'),
    name: 'Bobs Lighthouse',
    tag: 'Fun',
  });
  const first = await sendAs(bobs.page.request, bob, veraUser._id, 'Hi Vera!');

  await signIn(page, vera);
  await page.goto('/chat');
  await expect(contactEntry(page, bob.username)).toBeVisible();

  await page.goto(`/${bob.username}`);
  await page.getByRole('button', { name: 'Block' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Block @${bob.username}?` });
  await expect(dialog).toContainText('They are not told.');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Message' })).toHaveCount(0);

  // Bob's open tab: his next message is refused with the neutral wording, and nothing shows it was stored.
  await expectLive(bobs.page);
  const box = composer(bobs.page, vera.username);
  await box.fill('Why no answer?');
  await box.press('Enter');
  await expect(bobs.page.getByText(SAFETY_ERRORS.notDelivered).first()).toBeVisible();
  const forward = await bobs.page.request.post('/api/messages/forward', {
    data: { messageId: first._id, toUsername: vera.username },
  });
  expect(forward.status()).toBe(403);
  expect(await forward.json()).toEqual({ error: SAFETY_ERRORS.notDelivered, code: 'not_delivered' });

  // Vera sees neither Bob nor his persona: not in her conversations, not in the explorer.
  await page.goto('/chat');
  await expect(page.getByText('No conversations yet.', { exact: false })).toBeVisible();
  await expect(contactEntry(page, bob.username)).toHaveCount(0);
  await page.goto(`/explorer?tab=All&q=${persona.username}`);
  await expect(page.getByText(`No personas match “${persona.username}” here yet.`)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);

  // Unblocking from the profile edit page's list brings everything back.
  await page.goto('/update');
  const blocked = page.getByRole('region', { name: 'Blocked people' });
  await blocked.getByRole('button', { name: `Unblock @${bob.username}` }).click();
  await expect(blocked.getByText('You have not blocked anyone.')).toBeVisible();
  await page.goto('/chat');
  await expect(contactEntry(page, bob.username)).toBeVisible();
  await page.goto(`/explorer?tab=All&q=${persona.username}`);
  await expect(page.getByRole('article')).toHaveCount(1);
  await bobs.context.close();
});
