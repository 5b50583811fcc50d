import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { contactEntry, openAs, sendAs } from './support/chat.js';
import { createUser, newCredentials } from './support/users.js';

const OUT = path.join('e2e', '.artifacts', 'screenshots');

async function shoot(page: Page, name: string) {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `chat-${name}.png`) });
}

for (const width of [375, 1280] as const) {
  test.describe(`chat screenshots at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 812 : 800 }, reducedMotion: 'reduce' });

    test('contacts and a conversation, normal and star mode', async ({ browser, request }) => {
      const meCred = newCredentials(`ada${width}`);
      const me = await createUser(request, meCred);
      const [graceCred, linusCred, marieCred] = [
        newCredentials('grace'),
        newCredentials('linus'),
        newCredentials('marie'),
      ];
      const grace = await createUser(request, graceCred);
      await createUser(request, linusCred);
      await createUser(request, marieCred);

      await sendAs(request, marieCred, me._id, 'See you at the lab tomorrow?');
      await sendAs(
        request,
        linusCred,
        me._id,
        'I pushed the new scheduler branch last night. It needs a careful review before we merge it into the main line, especially the locking.',
      );
      await sendAs(request, graceCred, me._id, 'Hey! Did you get a chance to look at the compiler notes?');
      await sendAs(request, meCred, grace._id, 'Yes, just now. The section on nanoseconds is brilliant.');
      await sendAs(request, graceCred, me._id, 'Wonderful. Anything unclear?');
      await sendAs(
        request,
        meCred,
        grace._id,
        'Two small questions:\n1. Should the examples use COBOL?\n2. Can I share it with the team?',
      );

      // Grace has the conversation open (so she is connected and has seen the last message).
      const graceView = await openAs(browser, graceCred, `/chat/:${meCred.username}`);
      await expect(graceView.page.getByRole('log').getByText(/Two small questions/)).toBeVisible();
      const { page, context } = await openAs(browser, meCred, `/chat/:${graceCred.username}`);
      await expect(page.getByRole('log').getByText(/Two small questions/)).toBeVisible();
      await expect(page.getByRole('log').getByText('Seen', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: `Chat with @${graceCred.username}` })).toBeVisible();

      if (width >= 700) {
        await expect(contactEntry(page, graceCred.username).getByText('connected')).toBeVisible();
        await shoot(page, `${width}`);
        await page.getByRole('button', { name: 'Star mode' }).click();
        await shoot(page, `star-${width}`);
      } else {
        await shoot(page, `conversation-${width}`);
        await page.getByRole('button', { name: 'Open contacts' }).click();
        await expect(contactEntry(page, graceCred.username).getByText('connected')).toBeVisible();
        await shoot(page, `list-${width}`);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Star mode' }).click();
        await shoot(page, `conversation-star-${width}`);
        await page.getByRole('button', { name: 'Open contacts' }).click();
        await shoot(page, `list-star-${width}`);
      }
      await context.close();
      await graceView.context.close();
    });
  });
}
