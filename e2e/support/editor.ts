import { expect, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { PDF_FIXTURES } from './studio.js';

/** Opens the Editor page. */
export async function openEditor(page: Page): Promise<void> {
  await page.goto('/editor');
  await expect(page.getByRole('heading', { level: 1, name: 'Editor' })).toBeVisible();
}

export const editorPdfInput = (page: Page) => page.getByLabel('Open PDF files');
export const openedTabs = (page: Page) => page.getByRole('navigation', { name: 'Opened PDFs' });
/** The tab buttons that show a PDF (not their × buttons). */
export const tabNames = (page: Page) => openedTabs(page).getByRole('button', { name: /^(?!Close ).+\.pdf$/ });
export const activeTab = (page: Page) => openedTabs(page).locator('[aria-current="true"]');
export const pageCount = (page: Page) => page.getByRole('toolbar', { name: 'Viewer controls' });
/** The line that says the open PDFs and their annotations are kept in this browser. */
export const keptInBrowser = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Kept in this browser' });

/** A fixture PDF as Playwright's setInputFiles takes it, under its own or another name. */
export function fixture(name: string, as = name, folder = PDF_FIXTURES) {
  return { name: as, mimeType: 'application/pdf', buffer: fs.readFileSync(path.join(folder, name)) };
}

/** Drops a fixture PDF onto the viewer, as dragging it from the desktop does. */
export async function dropPdf(page: Page, name: string): Promise<void> {
  const base64 = fs.readFileSync(path.join(PDF_FIXTURES, name)).toString('base64');
  const dataTransfer = await page.evaluateHandle(
    ({ data, fileName }) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], fileName, { type: 'application/pdf' }));
      return transfer;
    },
    { data: base64, fileName: name },
  );
  const stage = page.getByRole('region', { name: 'PDF viewer' });
  await stage.dispatchEvent('dragover', { dataTransfer });
  await stage.dispatchEvent('drop', { dataTransfer });
}

/** Types a free-text annotation on the first page (at fractions of its visible part) and leaves the text tool. */
export async function addFreeText(page: Page, note: string, at = { x: 0.1, y: 0.15 }): Promise<void> {
  await chooseTool(page, 'Text');
  const spot = await pointOnFirstPage(page, at.x, at.y);
  await page.mouse.click(spot.x, spot.y);
  // pdf.js shows the box a moment before it takes the focus; keys typed in between would go elsewhere.
  await expect(textBoxBeingTyped(page)).toBeFocused();
  await page.keyboard.type(note);
  await chooseTool(page, 'Select');
  await expect(page.locator('.freeTextEditor').first()).toContainText(note);
}

/** The free-text box the user is typing in (pdf.js makes only that one editable). */
export const textBoxBeingTyped = (page: Page) =>
  page.locator('.freeTextEditor .internal[contenteditable="true"]').first();

/** The free text shown on the first page, whether as an editor or as a saved annotation. */
export const shownNote = (page: Page, note: string) =>
  viewerPages(page)
    .first()
    .locator('.freeTextEditor, .annotationLayer .freeTextAnnotation')
    .filter({ hasText: note })
    .first();
export const viewerPages = (page: Page) => page.locator('.pdfViewer .page');
export const toolButton = (page: Page, name: string) =>
  page.getByRole('toolbar', { name: 'Annotation tools' }).getByRole('button', { name, exact: true });

/** Waits until the document's first page is rendered with its text layer. */
export async function waitForDocument(page: Page): Promise<Locator> {
  const first = viewerPages(page).first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(first.locator('.textLayer span').first()).toBeAttached({ timeout: 30_000 });
  await expect(first.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  return first;
}

/** Chooses an editing tool and waits until pdf.js has switched to it. */
export async function chooseTool(page: Page, name: string): Promise<void> {
  await toolButton(page, name).click();
  await expect(toolButton(page, name)).toHaveAttribute('aria-pressed', 'true');
}

/**
 * Selects the text of a long visible text run on the first page by dragging over it with the mouse,
 * as a user would. Returns the selected text.
 */
export async function dragSelectText(page: Page): Promise<string> {
  const first = viewerPages(page).first();
  const index = await first.locator('.textLayer span').evaluateAll((spans) => {
    let best = -1;
    let bestLength = 0;
    spans.slice(0, 80).forEach((span, i) => {
      const rect = span.getBoundingClientRect();
      const text = span.textContent?.trim() ?? '';
      if (span.children.length === 0 && rect.width > 60 && rect.height > 4 && text.length > bestLength) {
        best = i;
        bestLength = text.length;
      }
    });
    return best;
  });
  expect(index, 'a text run to select').toBeGreaterThanOrEqual(0);
  const span = first.locator('.textLayer span').nth(index);
  await span.scrollIntoViewIfNeeded();
  const box = await span.boundingBox();
  if (!box) throw new Error('the text run has no box');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, y, { steps: 5 });
  await page.mouse.move(box.x + box.width - 1, y, { steps: 5 });
  await page.mouse.up();
  return page.evaluate(() => window.getSelection()?.toString() ?? '');
}

/**
 * A point on the part of the first page's editor layer that is on screen (inside the viewer's
 * scrolling container and the window), as fractions of that part's width and height.
 */
export async function pointOnFirstPage(
  page: Page,
  fx: number,
  fy: number,
): Promise<{ x: number; y: number }> {
  const layer = viewerPages(page).first().locator('.annotationEditorLayer');
  await layer.scrollIntoViewIfNeeded();
  const visible = await layer.evaluate((element) => {
    const own = element.getBoundingClientRect();
    const container = element.closest('.pdfViewer')?.parentElement?.getBoundingClientRect() ?? own;
    const left = Math.max(own.left, container.left, 0);
    const top = Math.max(own.top, container.top, 0);
    const right = Math.min(own.right, container.right, window.innerWidth);
    const bottom = Math.min(own.bottom, container.bottom, window.innerHeight);
    return { left, top, width: right - left, height: bottom - top };
  });
  if (visible.width <= 0 || visible.height <= 0) throw new Error('the first page is not on screen');
  return { x: visible.left + visible.width * fx, y: visible.top + visible.height * fy };
}

/**
 * Draws a zigzag ink stroke with the mouse from a point on the first page (fractions of its visible part);
 * returns where the pen went down, in the window.
 */
export async function drawStroke(
  page: Page,
  at: { x: number; y: number },
): Promise<{ x: number; y: number }> {
  const from = await pointOnFirstPage(page, at.x, at.y);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1)
    await page.mouse.move(from.x + step * 12, from.y + (step % 2) * 15);
  await page.mouse.up();
  return from;
}

/** Clicks the Download button and returns the downloaded bytes and file name. */
export async function downloadPdf(page: Page): Promise<{ bytes: Buffer; name: string; path: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  const path = await download.path();
  return { bytes: fs.readFileSync(path), name: download.suggestedFilename(), path };
}

export interface SavedAnnotation {
  page: number;
  subtype: string;
  contents: string;
  /** The annotation's colour (C) as 0–255 RGB, when it has one. */
  color: number[] | null;
  /** The border width (an ink stroke's thickness). */
  thickness: number | null;
  /** A free text's font colour and size, from its default appearance. */
  fontColor: number[] | null;
  fontSize: number | null;
}

/** Reads a PDF's annotations in Node with pdf.js's legacy build (the saved file, not the app's memory). */
export async function annotationsIn(bytes: Buffer): Promise<SavedAnnotation[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 })
    .promise;
  try {
    const found: SavedAnnotation[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      for (const annotation of (await page.getAnnotations()) as {
        subtype: string;
        contentsObj?: { str?: string };
        color?: ArrayLike<number> | null;
        borderStyle?: { width?: number };
        defaultAppearanceData?: { fontColor?: ArrayLike<number>; fontSize?: number };
      }[]) {
        const appearance = annotation.defaultAppearanceData;
        found.push({
          page: number,
          subtype: annotation.subtype,
          contents: annotation.contentsObj?.str ?? '',
          color: annotation.color ? Array.from(annotation.color) : null,
          thickness: annotation.borderStyle?.width ?? null,
          fontColor: appearance?.fontColor ? Array.from(appearance.fontColor) : null,
          fontSize: appearance?.fontSize ?? null,
        });
      }
    }
    return found;
  } finally {
    await pdf.destroy();
  }
}
