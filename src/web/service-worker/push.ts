import { APP_ICON, PushPayload } from '../../contracts/notifications.js';

/*
 * The service worker's side of Web Push (issue 44): a push becomes a notification, a click opens its conversation.
 * The app's worker entry (sw.ts) calls registerPushHandlers(self). The types below are the few members of
 * ServiceWorkerGlobalScope used here: the project compiles against the DOM's types, not the worker's, and a
 * ServiceWorkerGlobalScope has every one of them.
 */

interface PushMessageDataLike {
  json(): unknown;
}
interface ExtendableEventLike {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  readonly data: PushMessageDataLike | null;
}
interface NotificationClickEventLike extends ExtendableEventLike {
  readonly notification: { readonly data: unknown; close(): void };
}
interface WindowClientLike {
  readonly url: string;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}

/** What of the worker's global scope the push handlers use. */
export interface PushWorkerScope {
  readonly location: { readonly origin: string };
  readonly registration: {
    showNotification(title: string, options: NotificationOptions): Promise<void>;
  };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEventLike) => void): void;
}

/** Where a click leads when the notification carries no usable address. */
const FALLBACK_PATH = '/chat';

/** The push's payload if it is one of ours; anything else (not JSON, another shape) is ignored. */
function payloadOf(data: PushMessageDataLike | null): PushPayload | undefined {
  if (!data) return undefined;
  try {
    const parsed = PushPayload.safeParse(data.json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The notification's address as a URL of this origin; a path only, never another site. */
function targetOf(origin: string, data: unknown): string {
  const path =
    typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string'
      ? data.url
      : FALLBACK_PATH;
  const url = URL.canParse(path, origin) ? new URL(path, origin) : new URL(FALLBACK_PATH, origin);
  return url.origin === origin ? url.href : new URL(FALLBACK_PATH, origin).href;
}

/** Focuses a tab of the app and takes it to `url`, or opens a new one. */
async function openConversation(sw: PushWorkerScope, url: string): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = windows.find(
    (client) => URL.canParse(client.url) && new URL(client.url).origin === sw.location.origin,
  );
  if (tab) {
    try {
      const focused = await tab.focus();
      await focused.navigate(url);
      return;
    } catch {
      // A tab this worker does not control cannot be navigated: a new one opens instead.
    }
  }
  await sw.clients.openWindow(url);
}

/** Shows each push of ours as a notification, and opens its conversation when it is clicked. */
export function registerPushHandlers(sw: PushWorkerScope): void {
  sw.addEventListener('push', (event) => {
    const payload = payloadOf(event.data);
    if (!payload) return;
    event.waitUntil(
      sw.registration.showNotification(payload.title, {
        body: payload.body,
        icon: payload.icon,
        badge: APP_ICON,
        // One notification a conversation: the next message replaces it.
        tag: payload.tag,
        data: { url: payload.url },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openConversation(sw, targetOf(sw.location.origin, event.notification.data)));
  });
}
