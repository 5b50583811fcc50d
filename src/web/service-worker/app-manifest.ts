import type { ManifestOptions } from 'vite-plugin-pwa';

/** The light theme's page colour (--color-bg in app/theme.css), under the splash screen and the title bar. */
export const LIGHT_BACKGROUND = '#f6f4ef';

/**
 * The web app manifest (served as /manifest.webmanifest). Light theme colours: star mode is a choice made
 * inside the app, which then sets <meta name="theme-color"> itself (lib/theme-store.ts).
 */
export const appManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Simplified',
  short_name: 'Simplified',
  description: 'Your life, simplified.',
  start_url: '/chat',
  scope: '/',
  display: 'standalone',
  theme_color: LIGHT_BACKGROUND,
  background_color: LIGHT_BACKGROUND,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
