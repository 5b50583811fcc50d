import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import type { SelfUser } from '../../../src/contracts/users.js';
import { createUser, signIn, type Credentials } from '../../../e2e/support/users.js';

/** Where the pictures go; run.ts sets it, the default matches run.ts's. */
const OUT = process.env.SCREENSHOTS_DIR ?? path.join('e2e', '.artifacts', 'screenshots');

export const WIDTHS = [375, 1280] as const;
export const THEMES = ['light', 'star'] as const;
export type Theme = (typeof THEMES)[number];

/** A phone held upright, or a laptop screen. */
export function viewport(width: number) {
  return { width, height: width < 500 ? 812 : 800 };
}

/**
 * Declares a scene's tests once for each width. Reduced motion shows animated things (the typed
 * tagline) whole instead of at a random moment.
 */
export function atEachWidth(scene: string, declare: (width: number) => void): void {
  for (const width of WIDTHS) {
    test.describe(`${scene} at ${width} px`, () => {
      test.use({ viewport: viewport(width), reducedMotion: 'reduce' });
      declare(width);
    });
  }
}

/**
 * Credentials that are the same on every run: each run starts from an empty database, and a name with
 * a timestamp in it (as the e2e suite's newCredentials makes) would change the pictures every time.
 * The width keeps the usernames of the two sizes apart.
 */
export function person(first: string, width: number): Credentials {
  const username = `${first.toLowerCase()}_${width}`;
  return {
    name: `${first} Example`,
    username,
    email: `${username}@example.com`,
    password: 'correct horse battery staple',
  };
}

/** Signs `first` (see person) up, and in on `page`. */
export async function signUpAndIn(page: Page, request: APIRequestContext, first: string): Promise<SelfUser> {
  const credentials = person(first, page.viewportSize()?.width ?? 0);
  await createUser(request, credentials);
  return signIn(page, credentials);
}

/** The file name's ending for a theme: none for the light one, "-star" for star mode. */
export const suffix = (theme: Theme) => (theme === 'star' ? '-star' : '');

/** Presses or releases a toggle button, whatever state it was left in. */
export async function setPressed(toggle: Locator, on: boolean): Promise<void> {
  if ((await toggle.getAttribute('aria-pressed')) !== String(on)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', String(on));
}

/** Switches star mode with the top bar's toggle (signed-in pages). */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await setPressed(page.getByRole('button', { name: 'Star mode' }), theme === 'star');
}

/** Visitors have no toggle: the theme is what the app reads from storage when it starts. */
export async function useStoredTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((star) => {
    if (star) window.localStorage.setItem('theme', 'star');
    else window.localStorage.removeItem('theme');
  }, theme === 'star');
}

/**
 * Waits until `target` (an element's text, or a text box's value) reads exactly `text`. It asks again
 * at once after each answer because a streamed reply moves on (every 2 s with the fake model's
 * "haltingly"), and a picture taken a word later would differ from the earlier set for no fault of the
 * styles. The locator is asked afresh each time: React may replace the element while it streams.
 */
export async function waitForExactly(target: Locator, text: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  let seen: string | null = null;
  while (Date.now() < deadline) {
    seen = await target
      .evaluate(
        (element) => (element instanceof HTMLTextAreaElement ? element.value : (element.textContent ?? '')),
        undefined,
        { timeout: 1_000 },
      )
      .catch(() => null);
    if (seen?.replace(/\s+/g, ' ').trim() === text) return;
  }
  throw new Error(`expected ${String(target)} to read "${text}", last read "${seen ?? '(no element)'}"`);
}

interface ShotOptions {
  /** The whole scrolling page (the default), or only what the viewport shows. */
  fullPage?: boolean;
  /** Scroll this into view first (a viewport picture of a part lower down). */
  focus?: Locator;
}

/**
 * Writes `<name>-<width>.png` once fonts are in and the page is at rest. Clock times (<time>) are left
 * blank: the server stamps messages with the real time, which differs on every run.
 */
export async function shoot(page: Page, name: string, { fullPage = true, focus }: ShotOptions = {}) {
  const width = page.viewportSize()?.width ?? 0;
  // Fixed bars are drawn at the scroll offset in a full-page capture, so start from the top.
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
  });
  if (focus) await focus.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({
    path: path.join(OUT, `${name}-${width}.png`),
    fullPage,
    animations: 'disabled',
    caret: 'hide',
    // Hidden rather than masked: a mask is painted over everything, drawers that cover the time too.
    style: 'time { visibility: hidden !important; }',
  });
}
