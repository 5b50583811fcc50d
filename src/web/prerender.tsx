/**
 * Build-time entry (scripts/build.mjs builds it with `vite build --ssr` and runs it in Node): renders what
 * a signed-out visitor sees on a page to HTML, so the page paints before its scripts have arrived.
 */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app.js';
import { appRoutes } from './app/routes.js';

export interface Prerendered {
  /** The markup that goes inside #root. */
  html: string;
  /** The page's <title> element, which React puts first in a string render instead of hoisting it. */
  title: string;
}

const TITLE = /^<title>.*?<\/title>/s;

/** The visitor's page at `url`, rendered as the browser's first render of it would be. */
export function prerender(url: string): Prerendered {
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  const markup = renderToString(<App router={router} />);
  const title = TITLE.exec(markup)?.[0];
  if (!title) throw new Error(`the page at ${url} rendered no <title>`);
  return { title, html: markup.slice(title.length) };
}
