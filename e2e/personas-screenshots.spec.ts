import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { createPersona, newPersonaUsername } from './support/personas.js';
import { createUser, newCredentials, signIn } from './support/users.js';

const OUT = path.join('e2e', '.artifacts', 'screenshots');
const WIDTHS = [375, 1280] as const;

async function shoot(page: Page, name: string, width: number) {
  // Start from the top and let fonts settle, so the picture shows the resting state.
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `personas-${name}-${width}.png`), fullPage: true });
}

for (const width of WIDTHS) {
  test.describe(`persona screenshots at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 812 : 800 }, reducedMotion: 'reduce' });

    test('explorer, creator studio and a persona with its panel open, in both themes', async ({
      page,
      request,
    }) => {
      const credentials = newCredentials(`pshot${width}`);
      await createUser(request, credentials);
      await signIn(page, credentials);
      const persona = await createPersona(page.request, {
        username: newPersonaUsername('atlas'),
        name: 'Atlas the Cartographer',
        tag: 'AI',
        bio: 'Draws maps of ideas, from tiny side streets of a thought to whole continents of a plan. Ask for a map.',
      });

      for (const theme of ['light', 'star'] as const) {
        if (theme === 'star') await page.getByRole('button', { name: 'Star mode' }).click();
        const suffix = theme === 'star' ? '-star' : '';

        await page.goto('/explorer');
        await expect(page.getByRole('link', { name: 'Message @ai', exact: true })).toBeVisible();
        await shoot(page, `explorer${suffix}`, width);

        await page.goto('/create');
        await expect(page.getByRole('heading', { level: 1, name: 'Create AI' })).toBeVisible();
        await shoot(page, `create${suffix}`, width);

        await page.goto(`/${persona.username}?edit=ai`);
        await expect(page.getByRole('region', { name: 'Edit AI' })).toBeVisible();
        await shoot(page, `profile-panel${suffix}`, width);
      }
    });
  });
}
