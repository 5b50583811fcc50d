import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PushPayload } from '../src/contracts/notifications.js';
import { startPushEndpoint, type PushEndpoint, type TestDevice } from '../src/server/test/push-endpoint.js';
import { CHROMIUM_LAUNCH_OPTIONS, DESKTOP_CHROMIUM_PATH } from './support/chromium.js';
import { sendAs } from './support/chat.js';
import { createUser, newCredentials, signIn } from './support/users.js';

/*
 * Web Push from end to end, with nothing leaving the machine: the browser's push service is the one part we
 * cannot reach here, so the page's PushManager hands out a subscription at a local fake push service
 * (src/server/test/push-endpoint.ts), which receives what the app's server sends, checks its VAPID signature and
 * decrypts it with the subscription's keys. The decrypted payload is then delivered to the real service worker
 * through the DevTools protocol (ServiceWorker.deliverPushMessage), as a push service would.
 */

/** Gives the page a subscription at the fake push service instead of asking the browser's own push service. */
async function usePushService(context: BrowserContext, device: TestDevice): Promise<void> {
  await context.addInitScript((subscription) => {
    let current: PushSubscription | null = null;
    const make = (): PushSubscription =>
      ({
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
        unsubscribe: () => {
          current = null;
          return Promise.resolve(true);
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = () => Promise.resolve((current = make()));
    PushManager.prototype.getSubscription = () => Promise.resolve(current);
  }, device.subscription);
}

/** Delivers a push to the app's service worker through the DevTools protocol, as a push service would. */
async function pushDelivery(page: Page, origin: string): Promise<(data: string) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  return async (data) => {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data });
  };
}

/** The notifications the service worker shows now: title, body and where a click leads. */
async function shownNotifications(context: BrowserContext) {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  return worker.evaluate(async () => {
    const registration = (self as unknown as ServiceWorkerGlobalScope).registration;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });
}

let pushService: PushEndpoint;
test.beforeAll(async () => {
  pushService = await startPushEndpoint();
});
test.afterAll(async () => {
  await pushService.close();
});

test('away from every tab, a message becomes a notification that leads to its conversation; a muted one stays silent', async ({
  baseURL,
  request,
}) => {
  const [readerCredentials, writerCredentials] = [newCredentials('pushread'), newCredentials('pushwrite')];
  const reader = await createUser(request, readerCredentials);
  await createUser(request, writerCredentials);
  const device = pushService.device();

  // Chromium grants no notifications to an incognito context: the reader has a profile of their own, in the
  // desktop browser, which shows notifications (the headless shell has nowhere to show them).
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-push-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM_LAUNCH_OPTIONS,
    executablePath: DESKTOP_CHROMIUM_PATH,
    baseURL,
  });
  try {
    await context.grantPermissions(['notifications']);
    await usePushService(context, device);
    const page = await context.newPage();
    await signIn(page, readerCredentials);

    await test.step('the profile page turns notifications on for this device', async () => {
      await page.goto('/update');
      const toggle = page.getByRole('checkbox', { name: 'Notifications on this device' });
      await expect(toggle).toBeEnabled();
      await expect(toggle).not.toBeChecked();
      // The switch shows "on" once the device is subscribed and the server has it, not at the click.
      await toggle.click();
      await expect(toggle).toBeChecked();
      await expect(page.getByText(/^On: this device shows a notification/)).toBeVisible();
    });

    await test.step('with a tab on screen, a message is shown there and pushed nowhere', async () => {
      await page.goto('/chat');
      await expect(page.locator('[data-connection="connected"]')).toBeAttached();
      await sendAs(request, writerCredentials, reader._id, 'You are looking, so no push');
      await expect(page).toHaveTitle(/^\(1\) /);
      await expect(device.next(3_000)).rejects.toThrow();
    });

    const deliver = await pushDelivery(page, new URL(baseURL ?? '').origin);
    await page.goto('about:blank');

    const sent = await test.step('with no tab open, a message is pushed, signed and encrypted', async () => {
      const message = await sendAs(request, writerCredentials, reader._id, 'Lunch at noon? The usual place.');
      const push = await device.next(15_000);
      expect(push.vapidValid).toBe(true);
      const payload = PushPayload.parse(push.payload);
      expect(payload).toMatchObject({
        title: writerCredentials.name,
        body: 'Lunch at noon? The usual place.',
        url: `/chat/:${writerCredentials.username}`,
        tag: message.conversationId,
      });
      return { message, payload };
    });

    await test.step('the service worker shows it as a notification', async () => {
      await deliver(JSON.stringify(sent.payload));
      await expect
        .poll(() => shownNotifications(context))
        .toEqual([
          {
            title: sent.payload.title,
            body: 'Lunch at noon? The usual place.',
            tag: sent.message.conversationId,
            data: expect.objectContaining({ url: `/chat/:${writerCredentials.username}` }) as unknown,
          },
        ]);
    });

    await test.step('the notification leads to that conversation', async () => {
      // Chromium lets a worker open or focus a window only from a real click on a notification, which nothing
      // can make in a headless browser; the worker's click handler itself is tested in
      // src/web/service-worker/push.test.ts. Here: the address the notification carries opens the conversation.
      const [shown] = await shownNotifications(context);
      const { url } = shown?.data as { url: string };
      await page.goto(url);
      await expect(page.getByRole('log').getByText('Lunch at noon? The usual place.')).toBeVisible();
      await page.goto('about:blank');
    });

    await test.step('a muted conversation sends no push', async () => {
      const muted = await page.request.put(
        `/api/messages/conversations/${sent.message.conversationId}/mute`,
        {
          data: { muted: true },
        },
      );
      expect(muted.status(), await muted.text()).toBe(200);
      const before = device.requests;
      await sendAs(request, writerCredentials, reader._id, 'Are you there?');
      await expect(device.next(4_000)).rejects.toThrow();
      expect(device.requests).toBe(before);
    });
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
