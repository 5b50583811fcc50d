import { expect, test, type Locator, type Page } from '@playwright/test';
import { composer, sendAs } from './support/chat.js';
import { createPersona, newPersonaUsername } from './support/personas.js';
import { createUser, newCredentials, signIn } from './support/users.js';

// The message box of a persona chat, where the persona tools ('clear', 'memory') live too, is never narrower
// than a people chat's at the same width: phones, tablets and desktops, in both themes.

const WIDTHS = [320, 375, 414, 768, 1280] as const;
const THEMES = ['light', 'star'] as const;
const HEIGHT = 740;

async function openChat(page: Page, username: string): Promise<Locator> {
  await page.goto(`/chat/:${username}`);
  const box = composer(page, username);
  await expect(box).toBeVisible();
  return box;
}

async function widthOf(box: Locator): Promise<number> {
  const rect = await box.boundingBox();
  if (!rect) throw new Error('the message box is not drawn');
  return rect.width;
}

/** Whether two controls' boxes share any pixels. */
async function overlap(first: Locator, second: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([first.boundingBox(), second.boundingBox()]);
  if (!a || !b) throw new Error('a control is not drawn');
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('a persona chat’s message box is as wide as a people chat’s, its tools and the send button crowd nothing', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const me = newCredentials('composer');
  const friend = newCredentials('friend');
  await createUser(request, me);
  const friendUser = await createUser(page.request, friend);
  await signIn(page, me);
  const persona = await createPersona(page.request, {
    username: newPersonaUsername('tools'),
    name: 'Toolkeeper',
    tag: 'Helper',
  });
  // A first message each way: the persona tools show only once its conversation exists.
  await sendAs(request, me, persona._id, 'Hello there');
  await sendAs(request, me, friendUser._id, 'Hello friend');

  const found: string[] = [];
  for (const theme of THEMES) {
    const context = await browser.newContext({ storageState: await page.context().storageState() });
    await context.addInitScript((star) => {
      if (star) window.localStorage.setItem('theme', 'star');
      else window.localStorage.removeItem('theme');
    }, theme === 'star');
    const tab = await context.newPage();
    for (const width of WIDTHS) {
      await tab.setViewportSize({ width, height: HEIGHT });
      const peopleBox = await openChat(tab, friend.username);
      const people = await widthOf(peopleBox);

      const personaBox = await openChat(tab, persona.username);
      const clear = tab.getByRole('button', { name: 'clear AI memory' });
      const memory = tab.getByRole('button', { name: `memory, what @${persona.username} remembers` });
      await expect(clear).toBeVisible();
      await expect(memory).toBeVisible();
      const personaWidth = await widthOf(personaBox);
      if (personaWidth + 0.5 < people)
        found.push(`${theme} ${width} px: persona box ${personaWidth} px, people box ${people} px`);

      const send = tab.getByRole('button', { name: 'Send message' });
      const menu = tab.getByRole('button', { name: 'Menu' });
      if (await overlap(send, menu))
        found.push(`${theme} ${width} px: the send button overlaps the @ button`);
      for (const [name, tool] of [
        ['clear', clear],
        ['memory', memory],
      ] as const) {
        for (const [other, control] of [
          ['message box', personaBox],
          ['send button', send],
          ['@ button', menu],
        ] as const)
          if (await overlap(tool, control)) found.push(`${theme} ${width} px: ${name} overlaps the ${other}`);
      }
    }
    await context.close();
  }
  expect(found).toEqual([]);
});
