import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { INTAKE_FIXTURES } from '../../test/fixtures/fixture-paths.js';

/** A fixture of test/fixtures/intake as a file to pick. */
export function intakeFile(name: string) {
  return { name, mimeType: 'application/pdf', buffer: fs.readFileSync(path.join(INTAKE_FIXTURES, name)) };
}

/** The text in the scanned letter's pictures (scanned-letter.txt). */
export const SCANNED_TEXT = fs.readFileSync(path.join(INTAKE_FIXTURES, 'scanned-letter.txt'), 'utf8');

/** A protected fixture's password and text, from its note (`password: …` and `text: …` lines). */
export function passwordNote(name: string): { password: string; text: string } {
  const note = fs.readFileSync(path.join(INTAKE_FIXTURES, name), 'utf8');
  const field = (key: string) => new RegExp(`^${key}: (.*)$`, 'm').exec(note)?.[1] ?? '';
  return { password: field('password'), text: field('text') };
}

/** The protected note's password and text (protected-note.txt). */
export const PROTECTED = passwordNote('protected-note.txt');

/** Lower-case words without punctuation: OCR may read a full stop as a comma, which does not matter here. */
export function ocrWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** The share of the reference's words found in `read` (repeats counted), and the ones missing. */
export function ocrOverlap(reference: string, read: string): { ratio: number; missing: string[] } {
  const counts = new Map<string, number>();
  for (const word of ocrWords(read)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const expected = ocrWords(reference);
  const missing = expected.filter((word) => {
    const left = counts.get(word) ?? 0;
    counts.set(word, left - 1);
    return left <= 0;
  });
  return { ratio: expected.length ? (expected.length - missing.length) / expected.length : 1, missing };
}

/**
 * Fails any request that leaves the app's own origin (CDNs included) and records it; data: and blob:
 * URLs are the page's own. Also records every URL requested (`seen`) and the Content Security Policy
 * violations reported to the console.
 */
export async function guardNetwork(page: Page, origin: string) {
  const foreign: string[] = [];
  const cspViolations: string[] = [];
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.fallback();
    foreign.push(url);
    return route.abort('blockedbyclient');
  });
  // Requests made by workers (importScripts, fetch) may not pass through page.route, but the context
  // reports them: they are checked here.
  const seen: string[] = [];
  page.context().on('request', (request) => {
    const url = request.url();
    seen.push(url);
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  page.on('console', (message) => {
    // "Refused to …" is a blocked load or eval; other CSP notes (an ignored source) are not violations.
    if (/^Refused to .*Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return { foreign, cspViolations, seen };
}

/** The workers the page starts, and whether each one has been terminated. */
export function watchWorkers(page: Page) {
  const workers: { url: string; closed: boolean }[] = [];
  page.on('worker', (worker) => {
    const entry = { url: worker.url(), closed: false };
    workers.push(entry);
    worker.on('close', () => {
      entry.closed = true;
    });
  });
  return workers;
}

/** Waits until OCR of a file has started: its OCR progress bar is shown. */
export async function expectOcrRunning(page: Page, name: string) {
  await expect(page.getByRole('progressbar', { name: `Reading ${name} with OCR` })).toBeVisible({
    timeout: 30_000,
  });
}
