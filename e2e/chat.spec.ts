import { expect, test } from '@playwright/test';
import {
  composer,
  contactEntry,
  contactOrder,
  expectNoReload,
  markNoReload,
  openAs,
  sendAs,
} from './support/chat.js';
import { createUser, newCredentials } from './support/users.js';

// Two real people chatting live through the real server: socket.io events, no page reloads.
test('two people chat live: delivery to every tab, presence, seen marks and ordering', async ({
  browser,
  request,
}) => {
  const [aCred, bCred, cCred] = [newCredentials('chata'), newCredentials('chatb'), newCredentials('chatc')];
  await createUser(request, aCred);
  const b = await createUser(request, bCred);
  await createUser(request, cCred);

  const alice = await openAs(browser, aCred);
  const bob = await openAs(browser, bCred);
  const bobTab2 = await bob.context.newPage();
  await bobTab2.goto('/chat');
  for (const page of [alice.page, bob.page, bobTab2]) {
    await expect(page.getByText(/^No conversations yet. Search a username to start one/)).toBeVisible();
    await markNoReload(page);
  }

  await test.step('A finds B by username and sends the first message', async () => {
    await alice.page
      .getByRole('searchbox', { name: 'Search usernames' })
      .fill(`  ${bCred.username.toUpperCase()} `);
    await alice.page.keyboard.press('Enter');
    await expect(alice.page).toHaveURL(new RegExp(`/chat/:${bCred.username}$`));
    const box = composer(alice.page, bCred.username);
    await expect(box).toHaveAttribute('placeholder', `@${bCred.username}`);
    await box.fill('Hello B!\nThis is line two.');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(alice.page.getByRole('log').getByText('Hello B!')).toBeVisible();
    await expect(contactEntry(alice.page, bCred.username)).toContainText('Hello B!');
  });

  await test.step('B sees it at once in both tabs, unread, without a reload', async () => {
    for (const page of [bob.page, bobTab2]) {
      const entry = contactEntry(page, aCred.username);
      await expect(entry).toContainText('Hello B!');
      await expect(entry).toContainText('1 unread');
      await expectNoReload(page);
    }
  });

  await test.step('each sees the other online', async () => {
    await expect(contactEntry(alice.page, bCred.username).getByText('connected')).toBeVisible();
    await expect(contactEntry(bob.page, aCred.username).getByText('connected')).toBeVisible();
  });

  await test.step('B opens the conversation; A sees "Seen"; B answers live', async () => {
    await contactEntry(bob.page, aCred.username).click();
    await expect(bob.page).toHaveURL(new RegExp(`/chat/:${aCred.username}$`));
    const message = bob.page.getByRole('log').getByText(/Hello B!/);
    await expect(message).toHaveText('Hello B!\nThis is line two.');
    await expect(alice.page.getByRole('log').getByText('Seen', { exact: true })).toBeVisible();
    await expect(contactEntry(bob.page, aCred.username)).not.toContainText('unread');
    await expect(contactEntry(bobTab2, aCred.username)).not.toContainText('unread');

    await composer(bob.page, aCred.username).fill('Hi A, got it.');
    await composer(bob.page, aCred.username).press('Enter');
    await expect(alice.page.getByRole('log').getByText('Hi A, got it.')).toBeVisible();
    await expect(alice.page.getByRole('log').getByText('Hello B!')).toHaveCount(1);
    await expectNoReload(alice.page);
  });

  await test.step('a third person writing moves their conversation to the top', async () => {
    await sendAs(request, cCred, alice.user._id, 'Hey A, it is C');
    await expect(contactEntry(alice.page, cCred.username)).toContainText('1 unread');
    expect(await contactOrder(alice.page)).toEqual([cCred.username, bCred.username]);
    await composer(bob.page, aCred.username).fill('One more from B');
    await composer(bob.page, aCred.username).press('Enter');
    await expect(contactEntry(alice.page, bCred.username)).toContainText('One more from B');
    expect(await contactOrder(alice.page)).toEqual([bCred.username, cCred.username]);
  });

  await test.step("B's presence goes only when B's last tab closes", async () => {
    await bobTab2.close();
    await alice.page.waitForTimeout(500);
    await expect(contactEntry(alice.page, bCred.username).getByText('connected')).toBeVisible();
    await bob.page.close();
    await expect(contactEntry(alice.page, bCred.username).getByText('connected')).toHaveCount(0);
    await expect(contactEntry(alice.page, bCred.username).getByTestId('online-dot')).toHaveCount(0);
  });

  expect(b._id).toBeTruthy();
  await alice.context.close();
  await bob.context.close();
});

test('an unknown username says "no user with that name"', async ({ browser, request }) => {
  const credentials = newCredentials('chatunknown');
  await createUser(request, credentials);
  const { page, context } = await openAs(browser, credentials);
  await page.getByRole('searchbox', { name: 'Search usernames' }).fill('nobody_is_called_this');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/no user with that name/i);
  await expect(page).toHaveURL(/\/chat$/);

  await page.goto('/chat/:nobody_is_called_this');
  await expect(page.getByRole('heading', { name: 'Chat with @nobody_is_called_this' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(/no user with that name/i);
  await context.close();
});

test('a refused send is shown and the text stays in the composer', async ({ browser, request }) => {
  const [senderCred, otherCred] = [newCredentials('chatfast'), newCredentials('chatslow')];
  await createUser(request, senderCred);
  const other = await createUser(request, otherCred);
  const { page, context } = await openAs(browser, senderCred, `/chat/:${otherCred.username}`);
  const box = composer(page, otherCred.username);
  await box.fill('This one is one too many');

  // Use up the sending allowance (a burst of 20) from the same session, then send from the page.
  const burst = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      page.request.post('/api/messages', { data: { message: `burst ${i}`, recipientId: other._id } }),
    ),
  );
  expect(burst.some((response) => response.status() === 429)).toBe(true);
  await box.press('Enter');

  const error = page.locator('form').getByRole('alert');
  await expect(error).toHaveText(/sending messages too fast/i);
  await expect(box).toHaveValue('This one is one too many');
  await context.close();
});

test('while I am offline nobody shows as connected; back online, presence comes back', async ({
  browser,
  request,
}) => {
  const [meCred, friendCred] = [newCredentials('chatoff'), newCredentials('chatfriend')];
  await createUser(request, meCred);
  const friend = await createUser(request, friendCred);
  await sendAs(request, meCred, friend._id, 'Are you around?');
  const me = await openAs(browser, meCred);
  const other = await openAs(browser, friendCred);
  const entry = contactEntry(me.page, friendCred.username);
  await expect(entry.getByText('connected')).toBeVisible();

  await test.step('my connection drops: no "connected" for anyone, and I am told I am reconnecting', async () => {
    await me.context.setOffline(true);
    await expect(me.page.getByRole('status').getByText('Reconnecting…')).toBeVisible();
    await expect(entry.getByText('connected')).toHaveCount(0);
    await expect(entry.getByTestId('online-dot')).toHaveCount(0);
  });

  await test.step('back online: presence is asked again and shows', async () => {
    await me.context.setOffline(false);
    await expect(me.page.getByRole('status').getByText('Reconnecting…')).toHaveCount(0, { timeout: 15_000 });
    await expect(entry.getByText('connected')).toBeVisible();
  });
  await me.context.close();
  await other.context.close();
});

test('read aloud without a voice says so, visibly and to screen readers', async ({ browser, request }) => {
  const [meCred, friendCred] = [newCredentials('chatvoice'), newCredentials('chatvoiced')];
  const me = await createUser(request, meCred);
  await createUser(request, friendCred);
  await sendAs(request, friendCred, me._id, 'Read me out loud, please.');
  const { page, context } = await openAs(browser, meCred, `/chat/:${friendCred.username}`);
  // This Chromium has no speech voices installed (speechSynthesis.getVoices() stays empty).
  const voices = await page.evaluate(async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return speechSynthesis.getVoices().length;
  });
  expect(voices).toBe(0);

  const play = page.getByRole('log').getByRole('button', { name: 'Read aloud' });
  await play.click();
  const notice = page.getByRole('status').filter({ hasText: 'Read aloud is not available' });
  await expect(notice).toBeVisible({ timeout: 6_000 });
  await expect(notice).toHaveAttribute('aria-live', 'polite');
  await expect(notice).toContainText('no voice to read with');
  await expect(play).toBeEnabled();
  await notice.getByRole('button', { name: 'Dismiss read-aloud notice' }).click();
  await expect(notice).toHaveCount(0);
  await context.close();
});

test('from the chat search to the message box in at most 4 key presses', async ({ browser, request }) => {
  const creds = ['chatkeys', 'chatkeya', 'chatkeyb', 'chatkeyc'].map((name) => newCredentials(name));
  const [meCred, ...others] = creds as [(typeof creds)[0], ...typeof creds];
  const me = await createUser(request, meCred);
  for (const other of others) {
    await createUser(request, other);
    await sendAs(request, other, me._id, `Hello from ${other.username}`);
    await sendAs(request, other, me._id, 'And a second message with its own buttons');
  }
  const target = others[0]?.username ?? '';
  const { page, context } = await openAs(browser, meCred);

  // Choose a conversation with the keyboard: type its name in the search and press Enter.
  const search = page.getByRole('searchbox', { name: 'Search usernames' });
  await search.focus();
  await page.keyboard.type(target);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/chat/:${target}$`));
  const box = composer(page, target);
  await expect(page.getByRole('log').getByRole('button', { name: 'Read aloud' })).toHaveCount(2);

  await search.focus();
  let presses = 0;
  const focusedIs = (locator: typeof box) =>
    locator.evaluate((element) => element === document.activeElement);
  const skip = page.getByRole('link', { name: 'Skip to message box' });
  while (presses < 20 && !(await focusedIs(box))) {
    presses += 1;
    if ((await skip.count()) > 0 && (await focusedIs(skip))) {
      await expect(skip).toBeVisible();
      await page.keyboard.press('Enter');
    } else {
      await page.keyboard.press('Tab');
    }
  }
  expect(await focusedIs(box)).toBe(true);
  expect(presses).toBeLessThanOrEqual(4);

  // Typing goes straight into the box, and Enter sends.
  await page.keyboard.type('Found you by keyboard');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('log').getByText('Found you by keyboard')).toBeVisible();
  await context.close();
});
