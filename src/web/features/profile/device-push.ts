import { z } from 'zod';
import { PushSubscriptionResponse, VapidKeyResponse } from '../../../contracts/notifications.js';
import { apiRequest } from '../../lib/api-client.js';

/** Where this device's notifications stand. */
export type DevicePushState = 'unsupported' | 'blocked' | 'off' | 'on';

const PATH = '/api/notifications/push-subscription';

/**
 * The app's service worker registration, or undefined when this browser has no Web Push or no worker is
 * registered (the app's worker may not be installed yet): `ready` would wait for ever, `getRegistration` answers.
 */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return undefined;
  if (!(await navigator.serviceWorker.getRegistration())) return undefined;
  return navigator.serviceWorker.ready;
}

/** The VAPID key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const send = (subscription: PushSubscription) =>
  apiRequest(PATH, { method: 'PUT', body: subscription.toJSON(), schema: PushSubscriptionResponse });

/**
 * This device's state, read without asking anything of the person. A subscription the browser still has is sent
 * again, so a device the server forgot (its push service said it was gone) is on again in both places.
 */
export async function readDevicePush(): Promise<DevicePushState> {
  const worker = await registration();
  if (!worker) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await worker.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  await send(subscription);
  return 'on';
}

/** Asks the browser's permission (only now, on the person's click), subscribes and tells the server. */
export async function turnOnDevicePush(): Promise<DevicePushState> {
  const worker = await registration();
  if (!worker) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const { publicKey } = await apiRequest('/api/notifications/vapid-public-key', { schema: VapidKeyResponse });
  // A subscription made for another key (the server's keys changed) cannot be reused: subscribe afresh.
  await (await worker.pushManager.getSubscription())?.unsubscribe();
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await send(subscription);
  return 'on';
}

/** Removes this device on the server, then unsubscribes it in the browser. */
export async function turnOffDevicePush(): Promise<DevicePushState> {
  const worker = await registration();
  if (!worker) return 'unsupported';
  const subscription = await worker.pushManager.getSubscription();
  if (subscription) {
    await apiRequest(PATH, {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
      schema: z.undefined(),
    });
    await subscription.unsubscribe();
  }
  return Notification.permission === 'denied' ? 'blocked' : 'off';
}
