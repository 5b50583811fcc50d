import { expect, test, type Page } from '@playwright/test';
import { storedTexts, streamingBubble } from '../../../e2e/support/ai-chat.js';
import { composer } from '../../../e2e/support/chat.js';
import { THEMES, atEachWidth, shoot, signUpAndIn, suffix, useTheme, waitForExactly } from './shoot.js';

async function send(page: Page, text: string) {
  await composer(page, 'ai').fill(text);
  await composer(page, 'ai').press('Enter');
}

const streamedWords = (page: Page) => streamingBubble(page).locator('p').nth(1);

atEachWidth('AI chat', (width) => {
  test('typing, mid-stream, answered and failed', async ({ page, request }) => {
    test.setTimeout(180_000);
    await signUpAndIn(page, request, 'Hedy');
    await page.goto('/chat/:ai');
    await expect(page.getByText('No messages yet. Say hello to @ai.')).toBeVisible();

    // A first exchange, so the conversation has some history above the streaming reply.
    await send(page, 'Hi! Can you help me plan my week?');
    await expect.poll(() => storedTexts(page)).toHaveLength(2);

    for (const theme of THEMES) {
      await useTheme(page, theme);
      const stored = (await storedTexts(page)).length;
      // "haltingly": the fake model thinks 2.5 s, then writes a word every 2 s.
      await send(page, `Tell me haltingly what you can do (${theme}).`);
      await expect(page.getByRole('log').getByText('@ai is typing…')).toBeVisible();
      await shoot(page, `ai-chat-typing${suffix(theme)}`, { fullPage: false });
      // The server passes the words on in small batches, "!" already replaced by a space (SPEC §5).
      await waitForExactly(streamedWords(page), 'Hello');
      await shoot(page, `ai-chat-streaming${suffix(theme)}`, { fullPage: false });
      if (width < 700) {
        // The contacts drawer on a phone while the persona writes.
        await waitForExactly(streamedWords(page), 'Hello I am your');
        await page.getByRole('button', { name: 'Open contacts' }).click();
        await expect(page.getByRole('dialog', { name: 'Contacts' }).getByText('typing…')).toBeVisible();
        await shoot(page, `ai-chat-contacts-typing${suffix(theme)}`, { fullPage: false });
        await page.keyboard.press('Escape');
      }
      await expect.poll(() => storedTexts(page), { timeout: 40_000 }).toHaveLength(stored + 2);
      await expect(streamingBubble(page)).toHaveCount(0);
      await shoot(page, `ai-chat-answered${suffix(theme)}`, { fullPage: false });
    }

    await send(page, 'please fail');
    await expect(page.getByRole('log').getByRole('alert')).toContainText('could not answer');
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await shoot(page, `ai-chat-error${suffix(theme)}`, { fullPage: false });
    }
  });

  test('the AI status banner while the model downloads, loads or is unavailable', async ({
    page,
    request,
  }) => {
    await signUpAndIn(page, request, 'Ida');
    let status: Record<string, unknown> = {};
    await page.route('**/api/ai/status', (route) => route.fulfill({ json: status }));
    for (const next of [
      { state: 'downloading', progress: 0.42 },
      { state: 'loading' },
      { state: 'unavailable' },
    ]) {
      status = next;
      await page.goto('/chat/:ai');
      await expect(page.locator(`[data-state="${next.state}"]`)).toBeVisible();
      for (const theme of THEMES) {
        await useTheme(page, theme);
        await shoot(page, `ai-chat-banner-${next.state}${suffix(theme)}`, { fullPage: false });
      }
    }
  });
});
