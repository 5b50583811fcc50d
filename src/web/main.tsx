import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.js';
import { appRoutes } from './app/routes.js';
import { confirmStoredSession, syncSessionAcrossTabs } from './lib/session-store.js';
import { applyTheme, useTheme } from './lib/theme-store.js';
import './app/theme.css';

// Apply the remembered theme before the first paint to avoid a light flash in star mode.
applyTheme(useTheme.getState().starMode);
syncSessionAcrossTabs();
void confirmStoredSession();

const router = createBrowserRouter(appRoutes);

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
