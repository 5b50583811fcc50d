import type { Locator } from '@playwright/test';

/**
 * What `cover` (a fixed control) is drawn over: the page content under its box that is not itself
 * hidden under the fixed top bar. Each entry names the element (tag and its first words). Content
 * elements are the ones a person reads or uses: text blocks, headings, controls, pictures.
 */
export async function contentUnder(cover: Locator): Promise<string[]> {
  return cover.evaluate((button) => {
    const box = button.getBoundingClientRect();
    const bar = document.querySelector('header')?.getBoundingClientRect();
    const barBottom = bar ? bar.bottom : 0;
    const main = document.querySelector('main');
    if (!main) return [];
    const selector =
      'p, h1, h2, h3, li, label, a, button, input, textarea, select, img, [role="tab"], td, th';
    const hits: string[] = [];
    for (const element of main.querySelectorAll<HTMLElement>(selector)) {
      if (element.contains(button) || button.contains(element)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      // Content scrolled under the top bar is hidden by the bar itself, whatever sits in it.
      const top = Math.max(rect.top, barBottom);
      const overlaps =
        rect.left < box.right && rect.right > box.left && top < box.bottom && rect.bottom > box.top;
      if (overlaps)
        hits.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`);
    }
    return hits;
  });
}
