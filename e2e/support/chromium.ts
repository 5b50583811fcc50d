/**
 * How every Playwright run here starts Chromium (the e2e suite, the screenshots, the first-paint bench), so a
 * flag added for one is there for all.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // Without the background-networking flags Chromium floods the closed network with connection attempts.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * The desktop browser, for what the headless shell lacks: it has no notification platform, so a service worker's
 * `showNotification` shows nothing there (e2e/notifications.spec.ts). `.ci/services.sh` installs both.
 */
export const DESKTOP_CHROMIUM_PATH = process.env.CHROMIUM_DESKTOP_PATH ?? '/usr/bin/chromium';
