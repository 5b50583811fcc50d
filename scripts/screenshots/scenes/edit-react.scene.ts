import { expect, test, type APIRequestContext } from '@playwright/test';
import { Message } from '../../../src/contracts/messages.js';
import { createUser, signIn, type Credentials } from '../../../e2e/support/users.js';
import { THEMES, atEachWidth, person, shoot, suffix, useTheme } from './shoot.js';

async function as(request: APIRequestContext, who: Credentials): Promise<void> {
  const login = await request.post('/api/users/login', {
    data: { username: who.username, password: who.password },
  });
  expect(login.status(), await login.text()).toBe(200);
}

async function send(request: APIRequestContext, from: Credentials, to: string, text: string) {
  await as(request, from);
  const sent = await request.post('/api/messages', { data: { message: text, recipientId: to } });
  expect(sent.status(), await sent.text()).toBe(201);
  return Message.parse(await sent.json());
}

atEachWidth('edit, delete and react', (width) => {
  test('an edited message, a deleted one, reactions, the picker and editing in place', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const [ana, bo] = ['Ana', 'Bo'].map((first) => person(first, width)) as [Credentials, Credentials];
    const anaUser = await createUser(request, ana);
    const boUser = await createUser(request, bo);
    const plan = await send(request, bo, anaUser._id, 'Sail at nine tomorow?');
    await request.patch(`/api/messages/${plan._id}`, { data: { text: 'Sail at nine tomorrow?' } });
    const oops = await send(request, bo, anaUser._id, 'Wrong chat, sorry');
    await request.delete(`/api/messages/${oops._id}`);
    const yes = await send(request, ana, boUser._id, 'Yes! I will bring the charts.');
    await as(request, bo);
    await request.put(`/api/messages/${yes._id}/reactions/${encodeURIComponent('👍')}`);
    await request.put(`/api/messages/${plan._id}/reactions/${encodeURIComponent('❤️')}`);

    await signIn(page, ana);
    await page.goto(`/chat/:${bo.username}`);
    const log = page.getByRole('log');
    await expect(log.getByText('message deleted')).toBeVisible();
    for (const theme of THEMES) {
      await useTheme(page, theme);
      const theirs = log.locator('article').filter({ hasText: 'Sail at nine' });
      await theirs.getByRole('button', { name: 'Add reaction' }).click();
      await expect(page.getByRole('toolbar', { name: 'Reactions' })).toBeVisible();
      await shoot(page, `edit-react-picker${suffix(theme)}`, { fullPage: false });
      await page.keyboard.press('Escape');

      const mine = log.locator('article').filter({ hasText: 'I will bring the charts' });
      await mine.getByRole('button', { name: 'Edit message' }).click();
      await expect(page.getByRole('textbox', { name: 'Edit message' })).toBeFocused();
      await shoot(page, `edit-react-editing${suffix(theme)}`, { fullPage: false });
      await page.keyboard.press('Escape');
    }
  });
});
