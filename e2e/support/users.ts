import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SelfUser } from '../../src/contracts/users.js';

export interface Credentials {
  name: string;
  username: string;
  email: string;
  password: string;
}

let counter = 0;

/** Credentials no other test (or earlier run against the same database) has used. */
export function newCredentials(prefix: string): Credentials {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  const username = `${prefix}_${suffix}`.slice(0, 30);
  return {
    name: `${prefix[0]?.toUpperCase() ?? ''}${prefix.slice(1)} Tester`,
    username,
    email: `${username}@example.com`,
    password: 'correct horse battery staple',
  };
}

/** Signs up through the API with its own cookie jar (does not sign the page in). */
export async function createUser(request: APIRequestContext, credentials: Credentials): Promise<SelfUser> {
  const response = await request.post('/api/users/signup', { data: credentials });
  expect(response.status(), await response.text()).toBe(201);
  return SelfUser.parse(await response.json());
}

/**
 * Signs the page in the way the app would: the login call sets the session cookie in the page's
 * context, and the returned user goes under the "me" key before the app next starts.
 */
export async function signIn(page: Page, credentials: Credentials): Promise<SelfUser> {
  const response = await page.request.post('/api/users/login', {
    data: { username: credentials.username, password: credentials.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const user = SelfUser.parse(await response.json());
  await page.goto('/about');
  await page.evaluate((json) => window.localStorage.setItem('me', json), JSON.stringify(user));
  return user;
}
