import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import {
  activeTab,
  annotationsIn,
  chooseTool,
  downloadPdf,
  dragSelectText,
  editorPdfInput,
  fixture,
  openEditor,
  pointOnFirstPage,
  textBoxBeingTyped,
  viewerPages,
  waitForDocument,
} from './support/editor.js';
import { createUser, newCredentials, signIn } from './support/users.js';

async function editorWith(page: Page, request: Parameters<typeof createUser>[0], name: string) {
  const credentials = newCredentials('viewer');
  await createUser(request, credentials);
  await signIn(page, credentials);
  await openEditor(page);
  await editorPdfInput(page).setInputFiles(fixture(name));
  await waitForDocument(page);
}

const pageNumber = (page: Page) => page.getByLabel('Page number');
const zoomPercent = async (page: Page) =>
  Number((await page.getByLabel('Zoom level').textContent())?.replace('%', ''));

test.describe('the Editor’s viewer basics', () => {
  test('Ctrl+F opens a find bar: Enter and Shift+Enter step through highlighted matches, Escape closes it', async ({
    page,
    request,
  }) => {
    await editorWith(page, request, 'file_pdfjs_test.pdf');
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.keyboard.press('Control+f');
    const bar = page.getByRole('search', { name: 'Find in the PDF' });
    const field = bar.getByLabel('Search in the PDF');
    await expect(field).toBeFocused();
    await field.fill('mochitest');
    await field.press('Enter');
    const results = bar.getByLabel('Search results');
    await expect(results).toHaveText(/^1 of \d+$/);
    const total = Number((await results.textContent())?.split(' of ')[1]);
    expect(total).toBeGreaterThan(2);
    await expect(page.locator('.textLayer .highlight.selected')).toHaveCount(1);
    await field.press('Enter');
    await expect(results).toHaveText(`2 of ${total}`);
    await field.press('Shift+Enter');
    await expect(results).toHaveText(`1 of ${total}`);
    await field.press('Shift+Enter');
    await expect(results).toHaveText(`${total} of ${total}`);

    await field.press('Escape');
    await expect(bar).toBeHidden();
    await expect(page.locator('.textLayer .highlight')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Find' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('Home and End go to the first and last page', async ({ page, request }) => {
    await editorWith(page, request, 'file_pdfjs_test.pdf');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(pageNumber(page)).toHaveValue('2');
    await page.keyboard.press('End');
    await expect(pageNumber(page)).toHaveValue('5');
    await page.keyboard.press('Home');
    await expect(pageNumber(page)).toHaveValue('1');
  });

  test('Ctrl+wheel zooms the PDF, not the whole page', async ({ page, request }) => {
    await editorWith(page, request, 'file_pdfjs_test.pdf');
    const before = await zoomPercent(page);
    await page.evaluate(() => {
      (window as { wheelPrevented?: boolean[] }).wheelPrevented = [];
      window.addEventListener('wheel', (event) =>
        (window as unknown as { wheelPrevented: boolean[] }).wheelPrevented.push(event.defaultPrevented),
      );
    });
    const box = await viewerPages(page).first().boundingBox();
    if (!box) throw new Error('the first page has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 200));
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -200);
    await page.keyboard.up('Control');
    await expect.poll(() => zoomPercent(page)).toBeGreaterThan(before);
    const prevented = await page.evaluate(() => (window as { wheelPrevented?: boolean[] }).wheelPrevented);
    expect(prevented?.length).toBeGreaterThan(0);
    expect(prevented?.every(Boolean)).toBe(true);
    const zoomed = await zoomPercent(page);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, 200);
    await page.keyboard.up('Control');
    await expect.poll(() => zoomPercent(page)).toBeLessThan(zoomed);
  });

  test('a thumbnail sidebar, shown and hidden by a button, goes to the chosen page by mouse and keyboard', async ({
    page,
    request,
  }) => {
    await editorWith(page, request, 'file_pdfjs_test.pdf');
    const toggle = page.getByRole('button', { name: 'Thumbnails' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const sidebar = page.getByRole('navigation', { name: 'Pages' });
    const thumbs = sidebar.getByRole('button', { name: /^Page \d+$/ });
    await expect(thumbs).toHaveCount(5);
    await expect(thumbs.first().locator('canvas')).toBeVisible();
    await expect(thumbs.first()).toHaveAttribute('aria-current', 'page');

    await sidebar.getByRole('button', { name: 'Page 4' }).click();
    await expect(pageNumber(page)).toHaveValue('4');
    await expect(sidebar.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');

    await sidebar.getByRole('button', { name: 'Page 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(pageNumber(page)).toHaveValue('2');

    await toggle.click();
    await expect(sidebar).toBeHidden();
  });

  for (const width of [320, 375, 1280]) {
    const narrow = width < 500;
    test(`at ${width} px the thumbnails ${narrow ? 'lie over the page, which keeps fitting the width, and close once a page is chosen' : 'sit beside the page'}`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: narrow ? 667 : 800 });
      await editorWith(page, request, 'file_pdfjs_test.pdf');
      const zoom = await zoomPercent(page);
      await page.getByRole('button', { name: 'Thumbnails' }).click();
      const sidebar = page.getByRole('navigation', { name: 'Pages' });
      await expect(sidebar.getByRole('button', { name: 'Page 1' }).locator('canvas')).toBeVisible();
      const boxes = () =>
        viewerPages(page)
          .first()
          .evaluate((element) => {
            const scroller = element.closest('.pdfViewer')?.parentElement as HTMLElement;
            const nav = document.querySelector('nav[aria-label="Pages"]') as HTMLElement;
            const box = (of: Element) => {
              const { left, right, width: w } = of.getBoundingClientRect();
              return { left, right, width: w };
            };
            return { page: box(element), viewer: box(scroller), sidebar: box(nav) };
          });
      if (narrow) {
        // The page is drawn as it was, at the viewer's full width; the thumbnails cover its left edge.
        await expect.poll(() => zoomPercent(page)).toBe(zoom);
        const { page: shown, viewer, sidebar: side } = await boxes();
        expect(shown.width / viewer.width).toBeGreaterThan(0.9);
        expect(side.left).toBeLessThan(shown.left + shown.width / 2);
        expect(side.right).toBeGreaterThan(shown.left);
        await sidebar.getByRole('button', { name: 'Page 3' }).click();
        await expect(pageNumber(page)).toHaveValue('3');
        await expect(sidebar).toBeHidden();
        await expect(page.getByRole('button', { name: 'Thumbnails' })).toHaveAttribute(
          'aria-expanded',
          'false',
        );
        await expect(page.getByRole('group', { name: 'PDF pages' })).toBeFocused();
      } else {
        // Side by side: neither the viewer nor its page goes under the thumbnails.
        const { page: shown, viewer, sidebar: side } = await boxes();
        expect(viewer.left).toBeGreaterThanOrEqual(side.right - 1);
        expect(shown.left).toBeGreaterThanOrEqual(side.right);
        expect(await zoomPercent(page)).toBeGreaterThanOrEqual(50);
        await sidebar.getByRole('button', { name: 'Page 3' }).click();
        await expect(pageNumber(page)).toHaveValue('3');
        await expect(sidebar).toBeVisible();
      }
    });
  }

  test('ink, highlight and free text take the chosen colour and thickness into the saved file', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await editorWith(page, request, 'file_pdfjs_test.pdf');
    const style = page.getByRole('group', { name: 'Annotation style' });

    await chooseTool(page, 'Draw');
    await style.getByLabel('Colour').fill('#ff0000');
    await style.getByLabel('Thickness').fill('12');
    const from = await pointOnFirstPage(page, 0.3, 0.6);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    // A tall zigzag: pdf.js reads a border width back only when it is under half the annotation's size.
    for (let step = 1; step <= 8; step += 1)
      await page.mouse.move(from.x + step * 12, from.y + (step % 2) * 80);
    await page.mouse.up();

    await chooseTool(page, 'Highlight');
    await style.getByLabel('Colour').fill('#00ff00');
    await dragSelectText(page);
    await expect(page.locator('.highlightEditor').first()).toBeAttached();

    await chooseTool(page, 'Text');
    await style.getByLabel('Colour').fill('#0000ff');
    await style.getByLabel('Font size').fill('24');
    const spot = await pointOnFirstPage(page, 0.1, 0.85);
    await page.mouse.click(spot.x, spot.y);
    // Typing starts once the caret is in the new box, as a person would wait to see it.
    await expect(textBoxBeingTyped(page)).toBeFocused();
    await page.keyboard.type('Blue words');
    await chooseTool(page, 'Select');
    // What the page shows before saving, so a failure below points at the save, not the typing.
    const shown = page.locator('.freeTextEditor .internal').filter({ hasText: 'Blue words' });
    await expect(shown).toHaveCSS('color', 'rgb(0, 0, 255)');

    const saved = await annotationsIn((await downloadPdf(page)).bytes);
    const ink = saved.find((a) => a.subtype === 'Ink');
    expect(ink?.color).toEqual([255, 0, 0]);
    expect(ink?.thickness).toBe(12);
    expect(saved.find((a) => a.subtype === 'Highlight')?.color).toEqual([0, 255, 0]);
    // The file has a free text of its own: ours is the one with our words.
    const text = saved.find((a) => a.subtype === 'FreeText' && a.contents === 'Blue words');
    expect(text?.fontColor).toEqual([0, 0, 255]);
    expect(text?.fontSize).toBe(24);
  });

  /** The tab's × lies inside the window and does not overlap the keeping line. */
  async function expectTabClear(page: Page, name: string, status: Locator, width: number) {
    const close = page.getByRole('button', { name: `Close ${name}` });
    await expect(close).toBeInViewport({ ratio: 1 });
    const [x, line] = [await close.boundingBox(), await status.boundingBox()];
    if (!x || !line) throw new Error('the × or the keeping line has no box');
    expect(x.x + x.width).toBeLessThanOrEqual(width);
    const apart =
      x.x + x.width <= line.x ||
      line.x + line.width <= x.x ||
      x.y + x.height <= line.y ||
      line.y + line.height <= x.y;
    expect(apart).toBe(true);
  }

  for (const width of [375, 1280]) {
    test(`at ${width} px the page fits the width and the viewer is the one scroll container`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: width === 375 ? 667 : 800 });
      await editorWith(page, request, 'file_pdfjs_test.pdf');
      const container = page.locator('.pdfViewer').locator('xpath=..');
      const fit = await viewerPages(page)
        .first()
        .evaluate((element) => {
          const pageBox = element.getBoundingClientRect();
          const scroller = element.closest('.pdfViewer')?.parentElement as HTMLElement;
          return {
            page: pageBox.width,
            container: scroller.clientWidth,
            left: pageBox.left - scroller.getBoundingClientRect().left,
          };
        });
      if (width === 375) expect(fit.page / fit.container).toBeGreaterThan(0.9);
      expect(fit.page).toBeLessThanOrEqual(fit.container);
      expect(fit.left).toBeGreaterThanOrEqual(0);
      // The window itself does not scroll: only the viewer does.
      const doc = await page.evaluate(() => ({
        scroll: document.scrollingElement?.scrollHeight ?? 0,
        height: window.innerHeight,
        width: document.scrollingElement?.scrollWidth ?? 0,
      }));
      expect(doc.scroll).toBeLessThanOrEqual(doc.height);
      expect(doc.width).toBeLessThanOrEqual(width);
      expect(await container.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      // The shown tab's name and its × are in view, clear of the line that says the PDFs are kept; with a
      // second PDF the tab strip scrolls so that the newly shown tab is in view.
      const status = page.getByRole('status').filter({ hasText: 'in this browser' });
      await expectTabClear(page, 'file_pdfjs_test.pdf', status, width);
      await editorPdfInput(page).setInputFiles(fixture('bug1997343.pdf'));
      await expect(activeTab(page)).toHaveText('bug1997343.pdf');
      await expectTabClear(page, 'bug1997343.pdf', status, width);
    });
  }
});

test.describe('the Editor’s new controls for assistive technology', () => {
  for (const width of [375, 1280]) {
    for (const theme of ['light', 'star'] as const) {
      test(`at ${width} px in the ${theme} theme, with the find bar, thumbnails and style controls open: no serious axe violations`, async ({
        page,
        request,
      }) => {
        await page.setViewportSize({ width, height: width === 375 ? 667 : 800 });
        await editorWith(page, request, 'file_pdfjs_test.pdf');
        if (theme === 'star') await page.getByRole('button', { name: 'Star mode' }).click();
        await page.getByRole('button', { name: 'Find' }).click();
        await page.getByRole('button', { name: 'Thumbnails' }).click();
        if (width === 375) await page.getByRole('button', { name: 'Annotate' }).click();
        await chooseTool(page, 'Draw');
        await expect(page.getByRole('group', { name: 'Annotation style' })).toBeVisible();
        // Even with every panel open, the window does not scroll as well as the viewer.
        expect(
          await page.evaluate(() => (document.scrollingElement?.scrollHeight ?? 0) <= window.innerHeight),
        ).toBe(true);
        const results = await new AxeBuilder({ page }).include('main').analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious).toEqual([]);
      });
    }
  }
});
