import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { REPORT_RECEIVED } from '../src/contracts/moderation.js';
import { openAs, sendAs } from './support/chat.js';
import { createPersona, newPersonaUsername } from './support/personas.js';
import { createUser, newCredentials, signIn } from './support/users.js';

/** `npm run moderator -- add <username>`, as the README tells an operator, on this worker's app's data folder. */
function makeModerator(username: string): void {
  const dataDir = path.join(process.env.E2E_DATA_DIR ?? '', `worker-${process.env.TEST_PARALLEL_INDEX ?? 0}`);
  execFileSync('npm', ['run', '--silent', 'moderator', '--', 'add', username], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'pipe',
  });
}

/** The report dialog, once sent, says so; Close ends it. */
async function reportSent(page: Page): Promise<void> {
  const sent = page.getByRole('dialog', { name: 'Report sent' });
  await expect(sent.getByRole('status')).toHaveText(REPORT_RECEIVED);
  await sent.getByRole('button', { name: 'Close' }).click();
  await expect(sent).toHaveCount(0);
}

test('reports reach a moderator with snapshots; a frozen persona vanishes and a suspended account is signed out', async ({
  page,
  browser,
  request,
}) => {
  const vera = newCredentials('reporter');
  const bob = newCredentials('harasser');
  const mod = newCredentials('moderator');
  const veraUser = await createUser(request, vera);
  await createUser(request, bob);
  await createUser(request, mod);
  makeModerator(mod.username);

  const bobs = await openAs(browser, bob, '/chat');
  const persona = await createPersona(bobs.page.request, {
    username: newPersonaUsername('mean'),
    name: 'Mean Bot',
    tag: 'Fun',
  });
  await sendAs(bobs.page.request, bob, veraUser._id, 'You are awful and everyone knows it');

  // Vera reports the persona from its profile and the message from her conversation.
  await signIn(page, vera);
  await page.goto(`/${persona.username}`);
  await page.getByRole('button', { name: 'Report' }).click();
  let dialog = page.getByRole('dialog', { name: `Report @${persona.username}` });
  await dialog.getByRole('radio', { name: 'Hate' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await reportSent(page);

  await page.goto(`/chat/:${bob.username}`);
  await page.getByRole('button', { name: 'Report message' }).click();
  dialog = page.getByRole('dialog', { name: `Report this message from @${bob.username}` });
  await dialog.getByRole('radio', { name: 'Harassment' }).check();
  await dialog.getByRole('textbox').fill('He will not stop');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await reportSent(page);

  // The moderator sees both, with what was reported, and acts on each.
  const mods = await openAs(browser, mod, '/moderation');
  const personaCard = mods.page.getByRole('article', { name: `Report of @${persona.username}` });
  const messageCard = mods.page.getByRole('article', { name: `Report of @${bob.username}` });
  await expect(personaCard).toContainText(`You are Mean Bot. Answer briefly.`);
  await expect(messageCard).toContainText('You are awful and everyone knows it');
  await expect(messageCard).toContainText('He will not stop');

  await personaCard.getByRole('button', { name: 'Freeze persona' }).click();
  await personaCard.getByRole('textbox', { name: /Reason/ }).fill('Hateful persona');
  await personaCard.getByRole('button', { name: 'Freeze persona' }).click();
  await expect(personaCard).toHaveCount(0);

  await expect(bobs.page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await messageCard.getByRole('button', { name: 'Suspend 7 days' }).click();
  await messageCard.getByRole('textbox', { name: /Reason/ }).fill('Harassing Vera');
  await messageCard.getByRole('button', { name: 'Suspend 7 days' }).click();
  await expect(messageCard).toHaveCount(0);

  // Bob's open tab is signed out at once, and he cannot sign in again.
  await expect(bobs.page.getByRole('button', { name: 'Log in' })).toBeVisible({ timeout: 15_000 });
  const again = await bobs.page.request.post('/api/users/login', {
    data: { username: bob.username, password: bob.password },
  });
  expect(again.status()).toBe(403);

  // The frozen persona is gone from the explorer and no longer answers.
  await page.goto(`/explorer?tab=All&q=${persona.username}`);
  await expect(page.getByText(`No personas match “${persona.username}” here yet.`)).toBeVisible();
  const toPersona = await page.request.post('/api/messages', {
    data: { message: 'hi', recipientId: persona._id },
  });
  expect(toPersona.status()).toBe(404);

  const log = mods.page.getByRole('region', { name: 'Audit log' });
  await expect(log).toContainText(`@${mod.username} froze @${persona.username}`);
  await expect(log).toContainText(`@${mod.username} suspended @${bob.username} for 7 days`);
  await expect(log).toContainText('Reason: Harassing Vera');
  await mods.context.close();
  await bobs.context.close();
});
