import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MessageList } from '../../../src/contracts/messages.js';
import { Room } from '../../../src/contracts/rooms.js';
import { openAs } from '../../../e2e/support/chat.js';
import { createUser, signIn, type Credentials } from '../../../e2e/support/users.js';
import { THEMES, atEachWidth, person, shoot, suffix, useTheme } from './shoot.js';

/** Signs the request context in as `who` (its cookie then speaks for them). */
async function as(request: APIRequestContext, who: Credentials): Promise<void> {
  const login = await request.post('/api/users/login', {
    data: { username: who.username, password: who.password },
  });
  expect(login.status(), await login.text()).toBe(200);
}

async function say(request: APIRequestContext, who: Credentials, roomId: string, text: string) {
  await as(request, who);
  const sent = await request.post(`/api/rooms/${roomId}/messages`, { data: { message: text } });
  expect(sent.status(), await sent.text()).toBe(201);
}

async function roomMessages(request: APIRequestContext, roomId: string) {
  return MessageList.parse(await (await request.get(`/api/rooms/${roomId}/messages`)).json());
}

/** The inbox's "New room", in the sidebar or, on a phone, in the contacts drawer. */
async function openNewRoom(page: Page, width: number) {
  if (width < 700) await page.getByRole('button', { name: 'Open contacts' }).click();
  await page.getByRole('button', { name: 'New room' }).click();
  return page.getByRole('dialog', { name: 'New room' });
}

atEachWidth('rooms', (width) => {
  test('a room with three people and a persona, its members, and a new room', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const [rosa, ken, mia] = ['Rosa', 'Ken', 'Mia'].map((first) => person(first, width));
    if (!rosa || !ken || !mia) throw new Error('three people expected');
    for (const someone of [rosa, ken, mia]) await createUser(request, someone);

    // Only @named personas answer, so the persona speaks once, where the scene asks it to.
    await as(request, rosa);
    const made = await request.post('/api/rooms', {
      data: {
        name: 'Sunday hike',
        people: [ken.username, mia.username],
        personas: ['ai'],
        replyMode: 'mentioned',
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const room = Room.parse(await made.json());
    await say(request, ken, room._id, 'Saturday or Sunday for the hike?');
    await say(request, mia, room._id, 'Sunday works for me. The forecast says sun all day.');
    await say(request, rosa, room._id, '@ai which trail would suit three of us for a morning?');
    await expect
      .poll(async () => (await roomMessages(request, room._id)).length, { timeout: 30_000 })
      .toBe(4);
    await say(request, rosa, room._id, 'Sunday it is! I will bring snacks.');

    // Ken has the room open: he is online and has read Rosa's last message.
    const kenView = await openAs(browser, ken, `/chat/room/${room._id}`);
    await expect(kenView.page.getByRole('log').getByText(/I will bring snacks/)).toBeVisible();
    await signIn(page, rosa);
    await page.goto(`/chat/room/${room._id}`);
    await expect(page.getByRole('log').getByText('Seen by 1').last()).toBeVisible();

    for (const theme of THEMES) {
      await useTheme(page, theme);
      await shoot(page, `room${suffix(theme)}`, { fullPage: false });
      await page.getByRole('button', { name: /^Members/ }).click();
      const members = page.getByRole('dialog', { name: 'Members' });
      await expect(members.getByText('online')).toBeVisible();
      await shoot(page, `room-members${suffix(theme)}`, { fullPage: false });
      await members.getByRole('button', { name: 'Memory of @ai' }).click();
      const memory = page.getByRole('dialog', { name: 'What @ai remembers of this room' });
      await expect(memory.getByText(/Memory is on in this room/)).toBeVisible();
      await shoot(page, `room-memory${suffix(theme)}`, { fullPage: false });
      await memory.getByRole('button', { name: 'Done' }).click();
      await members.getByRole('button', { name: 'Close' }).click();
      await expect(members).toHaveCount(0);

      // "@" in the box suggests the room's personas, then its people.
      const box = page.getByRole('textbox', { name: 'Message Sunday hike' });
      await box.fill('');
      await box.pressSequentially('Which trail, @');
      await expect(page.getByRole('listbox', { name: 'People and personas to mention' })).toBeVisible();
      await shoot(page, `room-mention${suffix(theme)}`, { fullPage: false });
      await box.press('Escape');
      await box.fill('');

      const dialog = await openNewRoom(page, width);
      await dialog.getByRole('textbox', { name: /Room name/ }).fill('Book club');
      await dialog.getByLabel('People', { exact: true }).fill(ken.username);
      await dialog.getByLabel('People', { exact: true }).press('Enter');
      await dialog.getByLabel('People', { exact: true }).fill(mia.username);
      await dialog.getByLabel('People', { exact: true }).press('Enter');
      await dialog.getByLabel('Personas', { exact: true }).fill('ai');
      await dialog.getByLabel('Personas', { exact: true }).press('Enter');
      await dialog.getByLabel('People', { exact: true }).fill('nobody_here');
      await dialog.getByRole('button', { name: 'Create room' }).click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      await shoot(page, `room-new${suffix(theme)}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      if (width < 700) await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await kenView.context.close();
  });
});
