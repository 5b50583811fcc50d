import { expect, test } from '@playwright/test';
import { THEMES, atEachWidth, shoot, signUpAndIn, suffix, useTheme } from './shoot.js';

atEachWidth('search', () => {
  test('search results, and the message they open', async ({ page, request }) => {
    await signUpAndIn(page, request, 'Sol');
    const me = await page.request.get('/api/users/me');
    const { _id: userId } = (await me.json()) as { _id: string };
    for (const memory of [
      'Harbour walk on Sunday: bring the lantern',
      'Lantern shopping list\nwicks, oil, glass',
    ]) {
      const saved = await page.request.post('/api/actions/createAction', {
        data: { userId, type: 'note', memory },
      });
      expect(saved.status()).toBe(201);
    }
    for (const theme of THEMES) {
      await page.goto('/about');
      await useTheme(page, theme);
      await page.keyboard.press('/');
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.getByRole('searchbox').fill('lantern');
      await expect(dialog.getByRole('status')).toHaveText('2 results');
      await shoot(page, `search${suffix(theme)}`, { fullPage: false });
      await page.keyboard.press('Escape');
    }
  });
});
