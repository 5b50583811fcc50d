import { expect, test } from '@playwright/test';
import { createUser, newCredentials } from './support/users.js';

// The original product swallowed server errors; these must be shown next to the form that caused them.
test('a wrong password is reported on the login form', async ({ page, request }) => {
  const credentials = newCredentials('wrongpw');
  await createUser(request, credentials);
  await page.goto('/');
  await page.getByLabel('Username', { exact: true }).fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  const form = page.locator('form', { has: page.getByLabel('Username', { exact: true }) });
  await expect(form.getByRole('alert')).toHaveText('Invalid username or password');
  await expect(page).toHaveURL(/\/$/);
});

test('a taken username is reported on the signup form', async ({ page, request }) => {
  const existing = newCredentials('taken');
  await createUser(request, existing);
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill('Someone Else');
  await page.getByLabel('Username', { exact: true }).fill(existing.username);
  await page.getByLabel('Email', { exact: true }).fill(`else_${existing.email}`);
  await page.getByLabel('Password', { exact: true }).fill('another long password');
  await page.getByRole('button', { name: 'Create account' }).click();
  const form = page.locator('form', { has: page.getByLabel('Email', { exact: true }) });
  await expect(form.getByRole('alert')).toContainText('That username is already taken');
  await expect(page).toHaveURL(/\/signup$/);
});
