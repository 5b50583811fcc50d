import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DELETED_ACCOUNT_NAME } from '../src/contracts/my-data.js';
import { unzip } from '../src/server/test/zip-archive.js';
import { contactList, openAs, sendAs } from './support/chat.js';
import { createPersona, newPersonaUsername } from './support/personas.js';
import { createUser, newCredentials, signIn } from './support/users.js';

// Leaving with one's data, then leaving: Ada downloads her archive from the profile edit page and deletes her
// account; Bob, who talked with her, keeps the conversation, now with "deleted account".

test('a person downloads their data archive and deletes their account; the other side sees "deleted account"', async ({
  page,
  browser,
  request,
}) => {
  const ada = newCredentials('leaver');
  const bob = newCredentials('stayer');
  const adaUser = await createUser(request, ada);
  const bobUser = await createUser(request, bob);
  await sendAs(request, bob, adaUser._id, 'Hi Ada, see you at the lighthouse');

  await signIn(page, ada);
  const persona = await createPersona(page.request, {
    username: newPersonaUsername('keeper'),
    name: 'Lighthouse Keeper',
    tag: 'Fun',
  });
  await sendAs(page.request, ada, bobUser._id, 'Bob, I am leaving');

  await page.goto('/update');
  const yourData = page.getByRole('region', { name: 'Your data' });
  const downloading = page.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^simplified-${ada.username}-\\d{4}-\\d\\d-\\d\\d\\.zip$`),
  );
  await expect(
    yourData.getByText(`Your archive is downloaded: ${download.suggestedFilename()}`),
  ).toBeVisible();
  const files = await unzip(fs.readFileSync(await download.path()));
  const messages = JSON.parse(files.get('messages.json')?.toString('utf8') ?? '[]') as { text: string }[];
  expect(messages.map((m) => m.text)).toEqual(
    expect.arrayContaining(['Hi Ada, see you at the lighthouse', 'Bob, I am leaving']),
  );
  const personas = JSON.parse(files.get('personas.json')?.toString('utf8') ?? '[]') as { username: string }[];
  expect(personas.map((p) => p.username)).toEqual([persona.username]);
  expect(files.get('README.txt')?.toString('utf8')).toContain('Your Simplified data');

  // Bob has the conversation open in his own browser while Ada deletes her account.
  const bobs = await openAs(browser, bob, `/chat/:${ada.username}`);
  await expect(bobs.page.getByRole('log').getByText('Bob, I am leaving')).toBeVisible();

  await yourData.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('shown as from “deleted account”');
  await dialog.getByLabel('Your password').fill(ada.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Your account was deleted.')).toBeVisible();

  // She cannot sign in again.
  await page.getByLabel('Username').fill(ada.username);
  await page.getByLabel('Password', { exact: true }).fill(ada.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid username or password');

  // Bob's conversation stays, with "deleted account", readable but closed to replies.
  await bobs.page.goto('/chat');
  const entry = contactList(bobs.page).getByRole('link', { name: new RegExp(DELETED_ACCOUNT_NAME) });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(bobs.page.getByRole('heading', { name: `Chat with ${DELETED_ACCOUNT_NAME}` })).toBeVisible();
  await expect(bobs.page.getByRole('log').getByText('Hi Ada, see you at the lighthouse')).toBeVisible();
  await expect(bobs.page.getByText('You can read this conversation, but not reply.')).toBeVisible();
  await expect(bobs.page.getByRole('textbox', { name: `Message @${ada.username}` })).toHaveCount(0);

  // Her persona is gone from the explorer.
  await bobs.page.goto(`/explorer?tab=All&q=${persona.username}`);
  await expect(bobs.page.getByRole('article')).toHaveCount(0);
  await bobs.context.close();
});
