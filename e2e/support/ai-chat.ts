import type { Locator, Page } from '@playwright/test';

/**
 * What the fake provider (fake-ai-server.ts) sends, and what the server streams and stores after SPEC §5's
 * rule (the "!" becomes a space).
 */
export const RAW_REPLY = 'Hello! I am your assistant. How can I help today?';
export const STORED_REPLY = 'Hello  I am your assistant. How can I help today?';

/** The persona's reply being written (the streamed bubble). */
export function streamingBubble(page: Page): Locator {
  return page.getByRole('log').locator('article[data-streaming="true"]');
}

/** Stored message bubbles of the open conversation, oldest first. */
export function storedBubbles(page: Page): Locator {
  return page.getByRole('log').locator('article:not([data-streaming])');
}

/** The exact text of each stored bubble (the second paragraph; the first names the sender). */
export async function storedTexts(page: Page): Promise<string[]> {
  return storedBubbles(page).evaluateAll((articles) =>
    articles.map((article) => article.querySelectorAll('p')[1]?.textContent ?? ''),
  );
}

/**
 * Starts recording, in the page, every text the streamed bubble shows and whether "typing…" showed,
 * so a test can prove the reply appeared piece by piece however fast it went.
 */
export async function recordStream(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const record = { texts: seen, typing: false };
    Object.assign(window, { __aiStream: record });
    const look = () => {
      const text = document.querySelector('article[data-streaming="true"] p:nth-of-type(2)')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
      if (document.body.textContent?.includes('is typing…')) record.typing = true;
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

/** The text of the streamed bubble now ('' when there is none). */
export async function streamedText(page: Page): Promise<string> {
  const bubble = streamingBubble(page);
  if ((await bubble.count()) === 0) return '';
  return bubble.evaluate((article) => article.querySelectorAll('p')[1]?.textContent ?? '');
}

/** What recordStream saw. */
export async function recordedStream(page: Page): Promise<{ texts: string[]; typing: boolean }> {
  return page.evaluate(
    () => (window as unknown as { __aiStream: { texts: string[]; typing: boolean } }).__aiStream,
  );
}
