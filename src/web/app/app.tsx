import { StrictMode } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { Providers } from './providers.js';

/**
 * The whole app around a router. The browser (main.tsx) and the build's prerender (prerender.tsx) render
 * this same tree, so React's generated ids (useId: label/field pairs, tabs) agree when the browser
 * hydrates the prerendered login page.
 */
export function App({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}
