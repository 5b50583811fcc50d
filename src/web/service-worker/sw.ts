/// <reference lib="webworker" />
// The service worker (decision 031): precaches the app shell, answers page navigations with it when offline,
// keeps the update policy and shows pushes as notifications (decision 032). Each feature registers its own
// handlers from its own module here.
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerOfflineNavigation } from './offline.js';
import { registerPushHandlers } from './push.js';
import { registerUpdatePolicy } from './updates.js';

declare const self: ServiceWorkerGlobalScope;

// The build fills in the list of files with their revisions (vite-plugin-pwa's injectManifest).
precacheAndRoute(self.__WB_MANIFEST);
// Caches of an earlier Workbox precache format are dropped; the current one keeps only the listed revisions.
cleanupOutdatedCaches();
registerOfflineNavigation(self);
registerUpdatePolicy(self);
registerPushHandlers(self);
