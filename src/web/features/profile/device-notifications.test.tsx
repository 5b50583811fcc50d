import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOBODY_BLOCKED_ANSWERS, mockApi } from '../../test/fetch-mock.js';
import { buildSelfUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';
import { DEVICE_PUSH_TEXT } from './device-notifications.js';

const me = buildSelfUser();
const KEY = 'BNbxGYNMhEIi9zrneh7mqV4oUanjLUK3m-mYZBc62frMKrEoMk88r3Lk596T0ck9xlT-J5Xyc6gqwAKKJ8UjHWg';
const SUBSCRIPTION = {
  endpoint: 'https://push.example.com/send/abc',
  expirationTime: null,
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

/** Plain fakes of the browser's Web Push: a service worker registration, its push manager, Notification. */
function fakeBrowserPush(permission: NotificationPermission, subscribed = false) {
  let current: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const make = () => ({ endpoint: SUBSCRIPTION.endpoint, toJSON: () => SUBSCRIPTION, unsubscribe });
  if (subscribed) current = make();
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => (current = make())),
  };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', function PushManager() {});
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('Notification', { permission, requestPermission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { pushManager, requestPermission, unsubscribe };
}

function pushServer() {
  return mockApi(
    ({ method, path }) => {
      if (path === '/api/notifications/vapid-public-key') return { status: 200, body: { publicKey: KEY } };
      if (path === '/api/notifications/push-subscription' && method === 'PUT')
        return { status: 200, body: { subscribed: true } };
      return { status: 204 };
    },
    { background: NOBODY_BLOCKED_ANSWERS },
  );
}

const toggle = () => screen.getByRole('checkbox', { name: 'Notifications on this device' });

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('notifications on this device (profile edit page)', () => {
  it('says "not supported" in a browser without a service worker or Web Push', async () => {
    const { calls } = pushServer();
    renderApp('/update', { user: me });
    expect(await screen.findByText(DEVICE_PUSH_TEXT.unsupported)).toBeVisible();
    expect(toggle()).toBeDisabled();
    expect(calls.filter((c) => c.path.startsWith('/api/notifications'))).toEqual([]);
  });

  it('asks the browser only when switched on, then subscribes with the server’s key and sends the subscription', async () => {
    const browser = fakeBrowserPush('granted');
    // Until the person clicks, the browser says "default": nobody was asked.
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: browser.requestPermission });
    const { calls } = pushServer();
    renderApp('/update', { user: me });
    expect(await screen.findByText(DEVICE_PUSH_TEXT.off)).toBeVisible();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(toggle());
    expect(await screen.findByText(DEVICE_PUSH_TEXT.on)).toBeVisible();
    expect(toggle()).toBeChecked();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    const key = options?.applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(Buffer.from(key).toString('base64url')).toBe(KEY);
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/notifications/push-subscription',
      body: SUBSCRIPTION,
    });
  });

  it('switched off, removes the device on the server and unsubscribes it', async () => {
    const browser = fakeBrowserPush('granted', true);
    const { calls } = pushServer();
    renderApp('/update', { user: me });
    expect(await screen.findByText(DEVICE_PUSH_TEXT.on)).toBeVisible();
    await userEvent.click(toggle());
    expect(await screen.findByText(DEVICE_PUSH_TEXT.off)).toBeVisible();
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
      path: '/api/notifications/push-subscription',
      body: { endpoint: SUBSCRIPTION.endpoint },
    });
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('explains how to allow notifications when the browser blocks them', async () => {
    fakeBrowserPush('denied');
    pushServer();
    renderApp('/update', { user: me });
    expect(await screen.findByText(DEVICE_PUSH_TEXT.blocked)).toBeVisible();
    expect(DEVICE_PUSH_TEXT.blocked).toMatch(/site settings/);
    await waitFor(() => expect(toggle()).not.toBeChecked());
  });
});
