import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { STORED_REPLY, storedTexts, streamingBubble } from './support/ai-chat.js';
import { composer } from './support/chat.js';
import { createUser, newCredentials, signIn } from './support/users.js';

const OUT = path.join('e2e', '.artifacts', 'screenshots');

async function shoot(page: Page, name: string, { settle = 400 } = {}) {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.waitForTimeout(settle);
  await page.screenshot({ path: path.join(OUT, `ai-chat-${name}.png`) });
}

async function send(page: Page, text: string) {
  await composer(page, 'ai').fill(text);
  await composer(page, 'ai').press('Enter');
}

async function setStarMode(page: Page, on: boolean) {
  const toggle = page.getByRole('button', { name: 'Star mode' });
  if ((await toggle.getAttribute('aria-pressed')) !== String(on)) await toggle.click();
}

for (const width of [375, 1280] as const) {
  test.describe(`AI chat screenshots at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 812 : 800 }, reducedMotion: 'reduce' });

    test('typing, mid-stream, answered and failed, in both themes', async ({ page, request }) => {
      const credentials = newCredentials(`aishot${width}`);
      await createUser(request, credentials);
      await signIn(page, credentials);
      await page.goto('/chat/:ai');
      await expect(page.getByText('No messages yet. Say hello to @ai.')).toBeVisible();

      // A first exchange, so the conversation has some history above the streaming reply.
      await send(page, 'Hi! Can you help me plan my week?');
      await expect.poll(() => storedTexts(page)).toHaveLength(2);

      // "slowly" makes the fake provider think 2.5 s and then write one word every 350 ms.
      await send(page, 'Tell me slowly what you can do.');
      await expect(page.getByRole('log').getByText('@ai is typing…')).toBeVisible();
      await shoot(page, `typing-${width}`, { settle: 100 });
      await expect(streamingBubble(page)).toContainText('I am your');
      await shoot(page, `streaming-${width}`, { settle: 0 });
      await setStarMode(page, true);
      await shoot(page, `streaming-star-${width}`, { settle: 300 });
      await expect.poll(() => storedTexts(page)).toHaveLength(4);
      await expect(streamingBubble(page)).toHaveCount(0);
      await shoot(page, `answered-star-${width}`);
      await setStarMode(page, false);
      await shoot(page, `answered-${width}`);

      await send(page, 'please fail');
      await expect(page.getByRole('log').getByRole('alert')).toContainText('could not answer');
      await shoot(page, `error-${width}`);
      await setStarMode(page, true);
      await shoot(page, `error-star-${width}`);
      expect((await storedTexts(page)).at(-2)).toBe(STORED_REPLY);

      if (width < 700) {
        // The contacts drawer on a phone while the persona writes.
        await send(page, 'Once more, slowly please.');
        await page.getByRole('button', { name: 'Open contacts' }).click();
        await expect(page.getByRole('dialog', { name: 'Contacts' }).getByText('typing…')).toBeVisible();
        await shoot(page, `contacts-typing-star-${width}`, { settle: 100 });
        await page.keyboard.press('Escape');
      }
    });

    test('the AI status banner while the model downloads, loads or is unavailable', async ({
      page,
      request,
    }) => {
      const credentials = newCredentials(`aiban${width}`);
      await createUser(request, credentials);
      await signIn(page, credentials);
      let status: Record<string, unknown> = { state: 'downloading', progress: 0.42 };
      await page.route('**/api/ai/status', (route) => route.fulfill({ json: status }));

      await page.goto('/chat/:ai');
      const banner = page.locator('[data-state="downloading"]');
      await expect(banner).toContainText('Getting the AI ready… 42%');
      await expect(page.getByRole('progressbar', { name: 'AI model download' })).toHaveAttribute(
        'aria-valuenow',
        '42',
      );
      await shoot(page, `banner-downloading-${width}`);
      await setStarMode(page, true);
      await shoot(page, `banner-downloading-star-${width}`);

      status = { state: 'loading' };
      await expect(page.locator('[data-state="loading"]')).toBeVisible({ timeout: 5_000 });
      await shoot(page, `banner-loading-star-${width}`);

      status = { state: 'unavailable' };
      await page.reload();
      const notice = page.locator('[data-state="unavailable"]');
      await expect(notice).toContainText('AI replies are not available on this server yet.');
      await shoot(page, `banner-unavailable-star-${width}`);
      await setStarMode(page, false);
      await shoot(page, `banner-unavailable-${width}`);
      await notice.getByRole('button', { name: 'Dismiss AI notice' }).click();
      await expect(notice).toHaveCount(0);

      status = { state: 'ready' };
      await page.goto('/about');
      await expect(page.locator('[data-state]')).toHaveCount(0);
    });
  });
}
