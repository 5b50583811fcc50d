import { expect, test } from '@playwright/test';
import { createPersona } from '../../../e2e/support/personas.js';
import { THEMES, atEachWidth, shoot, signUpAndIn, suffix, useTheme } from './shoot.js';

atEachWidth('personas', (width) => {
  test('explorer, create AI and a persona with its edit panel open', async ({ page, request }) => {
    await signUpAndIn(page, request, 'Katherine');
    const persona = await createPersona(page.request, {
      username: `atlas${width}`,
      name: 'Atlas the Cartographer',
      tag: 'AI',
      bio: 'Draws maps of ideas, from tiny side streets of a thought to whole continents of a plan. Ask for a map.',
    });

    for (const theme of THEMES) {
      await page.goto('/explorer');
      await useTheme(page, theme);
      await expect(page.getByRole('link', { name: 'Message @ai', exact: true })).toBeVisible();
      await expect(
        page.getByRole('link', { name: `Message @${persona.username}`, exact: true }),
      ).toBeVisible();
      await shoot(page, `explorer${suffix(theme)}`);

      await page.goto('/create');
      await expect(page.getByRole('heading', { level: 1, name: 'Create AI' })).toBeVisible();
      await shoot(page, `create${suffix(theme)}`);

      await page.goto(`/${persona.username}?edit=ai`);
      await expect(page.getByRole('region', { name: 'Edit AI' })).toBeVisible();
      await shoot(page, `persona-panel${suffix(theme)}`);
    }
  });
});
