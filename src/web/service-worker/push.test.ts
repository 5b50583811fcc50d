import { describe, expect, it, vi } from 'vitest';
import { APP_ICON, type PushPayload } from '../../contracts/notifications.js';
import { registerPushHandlers, type PushWorkerScope } from './push.js';

const ORIGIN = 'https://chat.example.com';
const PAYLOAD: PushPayload = {
  title: 'Bob',
  body: 'Hello there',
  icon: '/uploads/bob.png',
  url: '/chat/:bob',
  tag: '01890000-0000-7000-8000-000000000001',
};

/** A plain fake of the worker's global scope: listeners by type, notifications shown, windows open. */
function fakeWorker(openTabs: Array<{ url: string; controlled?: boolean }> = []) {
  const listeners = new Map<string, (event: never) => void>();
  const showNotification = vi.fn(async () => {});
  const openWindow = vi.fn(async (_url: string) => null);
  const tabs = openTabs.map((tab) => {
    const client = {
      url: tab.url,
      focus: vi.fn(async () => client),
      navigate: vi.fn(async (url: string) => {
        if (tab.controlled === false) throw new TypeError('not controlled');
        return { ...client, url };
      }),
    };
    return client;
  });
  const sw = {
    location: { origin: ORIGIN },
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => tabs), openWindow },
    addEventListener: (type: string, listener: (event: never) => void) => listeners.set(type, listener),
  } as PushWorkerScope;
  registerPushHandlers(sw);
  /** Dispatches an event and waits for what it asked the worker to wait for. */
  const dispatch = async (type: string, event: object) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (work: Promise<unknown>) => waits.push(work) } as never);
    await Promise.all(waits);
    return waits.length;
  };
  const push = (data: unknown) =>
    dispatch('push', {
      data: data === null ? null : { json: () => (typeof data === 'string' ? JSON.parse(data) : data) },
    });
  const click = (data: unknown) => {
    const close = vi.fn();
    return { close, done: dispatch('notificationclick', { notification: { data, close } }) };
  };
  return { showNotification, openWindow, tabs, push, click };
}

describe('the service worker’s push handlers', () => {
  it('shows a push as a notification: title, body, icon, badge, tag and where a click leads', async () => {
    const worker = fakeWorker();
    expect(await worker.push(PAYLOAD)).toBe(1);
    expect(worker.showNotification).toHaveBeenCalledWith('Bob', {
      body: 'Hello there',
      icon: '/uploads/bob.png',
      badge: APP_ICON,
      tag: PAYLOAD.tag,
      data: { url: '/chat/:bob' },
    });
  });

  it('ignores pushes that are not ours: no data, not JSON, another shape, or a link to another site', async () => {
    const worker = fakeWorker();
    for (const junk of [
      null,
      'not json {',
      { title: 'x' },
      { ...PAYLOAD, url: 'https://evil.example/' },
      { ...PAYLOAD, url: '//evil.example/' },
      { ...PAYLOAD, icon: 'https://tracker.example/pixel.png' },
      { ...PAYLOAD, title: '' },
    ])
      await worker.push(junk);
    expect(worker.showNotification).not.toHaveBeenCalled();
  });

  it('on a click, closes the notification and takes an open tab of the app to the conversation', async () => {
    const worker = fakeWorker([{ url: 'https://other.example/' }, { url: `${ORIGIN}/studio` }]);
    const { close, done } = worker.click({ url: '/chat/:bob' });
    await done;
    expect(close).toHaveBeenCalled();
    const [, appTab] = worker.tabs;
    expect(appTab?.focus).toHaveBeenCalled();
    expect(appTab?.navigate).toHaveBeenCalledWith(`${ORIGIN}/chat/:bob`);
    expect(worker.tabs[0]?.navigate).not.toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when no tab of the app is open, or the open one cannot be navigated', async () => {
    const none = fakeWorker();
    await none.click({ url: '/chat/room/r1' }).done;
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/chat/room/r1`);
    const uncontrolled = fakeWorker([{ url: `${ORIGIN}/chat`, controlled: false }]);
    await uncontrolled.click({ url: '/chat/:bob' }).done;
    expect(uncontrolled.openWindow).toHaveBeenCalledWith(`${ORIGIN}/chat/:bob`);
  });

  it('never leaves the app’s origin, whatever the notification’s data says', async () => {
    const worker = fakeWorker();
    for (const data of [{ url: 'https://evil.example/x' }, { url: '//evil.example/x' }, null, { url: 42 }])
      await worker.click(data).done;
    expect(worker.openWindow.mock.calls.map(([url]) => url)).toEqual([
      `${ORIGIN}/chat`,
      `${ORIGIN}/chat`,
      `${ORIGIN}/chat`,
      `${ORIGIN}/chat`,
    ]);
  });
});
