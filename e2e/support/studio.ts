import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ActionList, type Action } from '../../src/contracts/actions.js';
import { normalizeText } from '../../src/contracts/normalize-text.js';
import { PDF_FIXTURES } from '../../test/fixtures/fixture-paths.js';

/**
 * What the e2e fake provider streams for every prompt (FAKE_AI_REPLY in fake-ai-server.ts; importing
 * that module would start a second server, so the words are repeated here).
 */
export const FAKE_AI_REPLY = 'Hello! I am your assistant. How can I help today?';

export { PDF_FIXTURES };

export interface PdfFixture {
  name: string;
  buffer: Buffer;
  reference: string;
}

/** Every fixture PDF with its reference text (normalised), sorted by name. */
export function pdfFixtures(): PdfFixture[] {
  return fs
    .readdirSync(PDF_FIXTURES)
    .filter((name) => name.endsWith('.pdf'))
    .sort()
    .map((name) => ({
      name,
      buffer: fs.readFileSync(path.join(PDF_FIXTURES, name)),
      // In the spelling the app reads PDFs in (NFKC, decision 014): pdftotext keeps math italics and ligatures.
      reference: normalizeText(
        fs.readFileSync(path.join(PDF_FIXTURES, name.replace(/\.pdf$/, '.pdftotext.txt')), 'utf8'),
      ),
    }));
}

/** A file named like a PDF that is not one: random bytes. */
export function corruptPdf(name = 'bad.pdf') {
  return { name, mimeType: 'application/pdf', buffer: randomBytes(8192) };
}

/** Words after lower-casing and collapsing whitespace; every other character (non-ASCII too) is kept. */
export function words(text: string): string[] {
  return text.toLowerCase().replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
}

/** The share of the reference's words found in the extracted text, counting repeats (a multiset overlap). */
export function wordOverlap(reference: string, extracted: string): { ratio: number; missing: string[] } {
  const counts = new Map<string, number>();
  for (const word of words(extracted)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const expected = words(reference);
  const missing: string[] = [];
  for (const word of expected) {
    const left = counts.get(word) ?? 0;
    if (left > 0) counts.set(word, left - 1);
    else missing.push(word);
  }
  return { ratio: expected.length ? (expected.length - missing.length) / expected.length : 1, missing };
}

/**
 * A few of the reference's non-ASCII words to look for: the longest distinct ones with at least one
 * letter, leaving out pdftotext's replacement characters (U+FFFD) and its soft hyphens (U+00AD).
 */
export function nonAsciiSamples(reference: string, count = 5): string[] {
  return [...new Set(words(reference))]
    .filter((word) => /[^\p{ASCII}]/u.test(word) && /\p{L}/u.test(word) && !/[\uFFFD\u00AD]/.test(word))
    .sort((a, b) => [...b].length - [...a].length || a.localeCompare(b))
    .slice(0, count);
}

/** Opens the studio, with the Pro/Max panel when asked. */
export async function openStudio(page: Page, { pro = false } = {}): Promise<void> {
  await page.goto('/studio');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Pro/Max' });
  if (pro && (await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  if (pro) await expect(toggle).toHaveAttribute('aria-pressed', 'true');
}

export const askBox = (page: Page) => page.getByRole('textbox', { name: 'Ask AI' });
export const outputBox = (page: Page) => page.getByRole('textbox', { name: 'Output' });
export const contextBox = (page: Page) => page.getByRole('textbox', { name: /^Context/ });
export const savedItems = (page: Page) => page.getByRole('combobox', { name: 'Saved items' });
export const pdfInput = (page: Page) => page.getByLabel('Add PDF files');

/**
 * Records, in the page, every value the output box shows (a textarea's value is not in the DOM, so it
 * is sampled every 15 ms), to prove an answer arrived piece by piece.
 */
export async function recordOutput(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { __studioOutput: seen });
    const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-busy]');
    setInterval(() => {
      const value = box?.value ?? '';
      if (value && seen.at(-1) !== value) seen.push(value);
    }, 15);
  });
}

export async function recordedOutput(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __studioOutput: string[] }).__studioOutput);
}

/** Saves a note or prompt through the API as the page's signed-in user. */
export async function saveItem(
  page: Page,
  userId: string,
  item: { type: 'note' | 'prompt'; title: string; memory: string },
): Promise<void> {
  const response = await page.request.post('/api/actions/createAction', {
    data: { userId, description: '', ...item },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The signed-in user's saved items, newest first. */
export async function listItems(page: Page, userId: string): Promise<Action[]> {
  const response = await page.request.get(`/api/actions/getActions/${userId}`);
  expect(response.status()).toBe(200);
  return ActionList.parse(await response.json());
}

/**
 * Screenshots the page at the phone and desktop widths into the test's output folder, in the light and the star theme
 * (or only the current one, when a modal dialog keeps the theme button out of reach), and checks each
 * with axe: no serious or critical violation.
 */
export async function screenshotBothWidths(page: Page, name: string, { bothThemes = true } = {}) {
  const original = page.viewportSize();
  const star = page.getByRole('button', { name: 'Star mode' });
  const shoot = async () => {
    const theme = (await page.locator('html').getAttribute('data-theme')) ?? 'light';
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: test.info().outputPath(`studio-${name}-${theme}-${width}.png`),
        fullPage: true,
      });
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  };
  await shoot();
  if (bothThemes) {
    await star.click();
    await shoot();
    await star.click();
  }
  if (original) await page.setViewportSize(original);
}
