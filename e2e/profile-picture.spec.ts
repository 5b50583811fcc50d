import { expect, test } from '@playwright/test';
import { ERRORS } from '../src/contracts/errors.js';
import { makePng } from './support/png.js';
import { createUser, newCredentials, signIn } from './support/users.js';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';

test('the picture picker refuses what the server would refuse, before any preview', async ({
  page,
  request,
}) => {
  const me = newCredentials('picker');
  await createUser(request, me);
  await signIn(page, me);
  await page.goto('/update');
  const choose = page.getByLabel('Choose picture', { exact: true });
  const preview = page.getByRole('img', { name: `Profile picture of ${me.name}` });

  await choose.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(32, 32) });
  await expect(preview).toHaveAttribute('src', /^data:image\/png;base64,/);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status')).toHaveText('Profile updated');
  await expect(preview).toHaveAttribute('src', /^\/uploads\//);
  const saved = await preview.getAttribute('src');

  for (const [file, message] of [
    [{ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(SVG) }, ERRORS.imageType],
    [
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text, renamed') },
      ERRORS.imageMismatch,
    ],
  ] as const) {
    await choose.setInputFiles(file);
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByText(message)).toHaveAttribute('aria-live', 'assertive');
    await expect(choose).toHaveAccessibleDescription(message);
    await expect(preview).toHaveAttribute('src', saved ?? '');
  }

  // Nothing refused reached the server: Update changes nothing and the saved picture stays after a reload.
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(r.postData() ?? '');
  });
  await page.getByRole('button', { name: 'Update' }).click();
  await page.reload();
  await expect(preview).toHaveAttribute('src', saved ?? '');
  expect(puts.join('')).not.toContain('data:image');
});
