import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would, and fails when it
 * is not reached within `most` presses: a control no one can Tab to is a barrier.
 */
export async function tabTo(page: Page, target: Locator, { most = 40, back = false } = {}): Promise<number> {
  for (let presses = 0; presses <= most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `not reached with ${most} presses of Tab`).toBeFocused();
  return most;
}

/** Tabs to `target` and types `text` into it. */
export async function tabAndType(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.type(text);
}
