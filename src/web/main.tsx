import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app.js';
import { appRoutes } from './app/routes.js';
import { registerServiceWorker } from './lib/service-worker.js';
import { confirmStoredSession, syncSessionAcrossTabs } from './lib/session-store.js';
import { applyTheme, useTheme } from './lib/theme-store.js';
import './app/theme.css';

// Apply the remembered theme before the first render to avoid a light flash in star mode.
applyTheme(useTheme.getState().starMode);
syncSessionAcrossTabs();
void confirmStoredSession();
// Only a build has the worker (vite-plugin-pwa writes it); `npm run dev` serves modules straight from Vite.
if (import.meta.env.PROD) registerServiceWorker();

const router = createBrowserRouter(appRoutes);

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

// The server sends signed-out visitors of / and /auth the login page already rendered (the build's
// prerender): hydrating keeps that DOM, and what was typed into it. Should the page differ (a session
// this tab still remembers, say), React logs the mismatch and renders afresh on the client.
if (container.firstElementChild) hydrateRoot(container, <App router={router} />);
else createRoot(container).render(<App router={router} />);
