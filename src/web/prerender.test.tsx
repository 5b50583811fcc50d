import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app/app.js';
import { appRoutes } from './app/routes.js';
import { prerender } from './prerender.js';

/** Puts prerendered markup in the page, as the served HTML would, and returns its #root. */
function served(html: string): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

const hydrated: Root[] = [];
afterEach(() => {
  for (const root of hydrated.splice(0)) act(() => root.unmount());
  document.body.replaceChildren();
});

/** Hydrates `container` as main.tsx does, on `url`; returns the mismatches React recovered from. */
async function hydrate(container: HTMLElement, url: string): Promise<unknown[]> {
  // Testing Library marks only its own renders as act() environments; this one is ours.
  vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
  const mismatches: unknown[] = [];
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  await act(async () => {
    hydrated.push(
      hydrateRoot(container, <App router={router} />, {
        onRecoverableError: (error) => mismatches.push(error),
      }),
    );
  });
  return mismatches;
}

describe('prerendering the visitor pages', () => {
  it('renders the login form for "/", titled, without the mode switch', () => {
    const { html, title } = prerender('/');
    expect(title).toBe('<title>Log in · Simplified</title>');
    const root = served(html);
    expect(root.querySelector('input[name="username"]')).not.toBeNull();
    expect(root.querySelector('input[name="password"][type="password"]')).not.toBeNull();
    expect(root.querySelector('button[type="submit"]')?.getAttribute('aria-label')).toBe('Log in');
    expect(root.querySelector('[role="tablist"]')).toBeNull();
  });

  it('renders "/auth" with the mode switch on Log in', () => {
    const root = served(prerender('/auth').html);
    expect(root.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Log in');
    expect(root.querySelector('input[name="username"]')).not.toBeNull();
  });

  it.each(['/', '/auth'])(
    'hydrates %s without a mismatch, keeping the DOM and what was typed',
    async (url) => {
      const root = served(prerender(url).html);
      const form = root.querySelector('form');
      const username = root.querySelector<HTMLInputElement>('input[name="username"]');
      if (!username) throw new Error('no username field');
      username.value = 'typed-before-the-script';

      expect(await hydrate(root, url)).toEqual([]);
      expect(root.querySelector('form')).toBe(form);
      expect(username.isConnected).toBe(true);
      expect(username.value).toBe('typed-before-the-script');
    },
  );

  it('notices a page that differs from the one prerendered (the check above is not blind)', async () => {
    const root = served(prerender('/').html);
    expect((await hydrate(root, '/auth')).length).toBeGreaterThan(0);
  });
});
