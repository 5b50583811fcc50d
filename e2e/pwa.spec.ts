import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_LAUNCH_OPTIONS } from './support/chromium.js';
import { openAs, sendAs } from './support/chat.js';
import { createUser, newCredentials } from './support/users.js';

const OFFLINE_TEXT = 'You are offline — messages will arrive when you reconnect.';

/** Waits until the service worker is active and controls `page` (it claims open tabs on its first install). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  const state = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  expect(['activating', 'activated']).toContain(state);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('the app is installable: a manifest and an active service worker pass Chromium’s check', async ({
  baseURL,
}) => {
  // A test's own browser context is incognito, where Chromium installs nothing ("in-incognito"): this one
  // runs in a profile of its own, as a person's browser does.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-pwa-'));
  const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH_OPTIONS, baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await controlledByServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('the manifest says what the app is, and the service worker is never cached long', async ({ page }) => {
  const manifest: unknown = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'Simplified',
    description: 'Your life, simplified.',
    start_url: '/chat',
    scope: '/',
    display: 'standalone',
  });
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('offline, the app opens from its cache and says so; back online it reconnects', async ({
  browser,
  request,
}) => {
  const credentials = newCredentials('pwaoff');
  await createUser(request, credentials);
  const { context, page } = await openAs(browser, credentials, '/chat');
  await expect(page.getByText(/^No conversations yet/)).toBeVisible();
  await controlledByServiceWorker(page);

  await test.step('opening the app with no network shows the offline page, not the browser’s error', async () => {
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
    await expect(page).toHaveTitle('Offline · Simplified');
  });

  await test.step('the offline page passes the accessibility gate at both widths, in both themes', async () => {
    const found: string[] = [];
    for (const width of [375, 1280])
      for (const star of [false, true]) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate((on) => {
          if (on) window.localStorage.setItem('theme', 'star');
          else window.localStorage.removeItem('theme');
        }, star);
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
        const { violations } = await new AxeBuilder({ page }).analyze();
        found.push(
          ...violations
            .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
            .map((violation) => `${width} px, ${star ? 'star' : 'light'}: ${violation.id}`),
        );
      }
    expect(found).toEqual([]);
  });

  await test.step('back online, the app reaches the server and shows the chat', async () => {
    await context.setOffline(false);
    await expect(page.getByText(/^No conversations yet/)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(OFFLINE_TEXT)).toBeHidden();
  });

  await test.step('losing the network while the app is open is a status line, and it goes on reconnecting', async () => {
    await expect(page.locator('[data-connection="connected"]')).toBeAttached();
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
    await expect(page.getByText(/^No conversations yet/)).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText(OFFLINE_TEXT)).toBeHidden({ timeout: 15_000 });
    await expect(page.locator('[data-connection="connected"]')).toBeAttached({ timeout: 15_000 });
  });
  await context.close();
});

test('the tab title counts unread messages when another person writes', async ({ browser, request }) => {
  const [readerCredentials, writerCredentials] = [newCredentials('pwaread'), newCredentials('pwawrite')];
  const reader = await createUser(request, readerCredentials);
  await createUser(request, writerCredentials);
  const { context, page } = await openAs(browser, readerCredentials, '/chat');
  await expect(page).toHaveTitle('Messages · Simplified');
  await expect(page.locator('[data-connection="connected"]')).toBeAttached();

  await sendAs(request, writerCredentials, reader._id, 'Are you there?');
  await expect(page).toHaveTitle('(1) Messages · Simplified');

  await test.step('on another page too', async () => {
    // Through the @ menu: the page changes in the app, and its live connection stays open.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'AI Studio' }).click();
    await expect(page).toHaveTitle('(1) AI Studio · Simplified');
    await sendAs(request, writerCredentials, reader._id, 'Hello?');
    await expect(page).toHaveTitle('(2) AI Studio · Simplified');
  });

  await test.step('reading the conversation clears the count', async () => {
    await page.goto(`/chat/:${writerCredentials.username}`);
    await expect(page.getByRole('log').getByText('Hello?')).toBeVisible();
    await expect(page).toHaveTitle(`Chat with @${writerCredentials.username} · Simplified`);
  });
  await context.close();
});
