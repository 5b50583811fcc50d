import { expect, test } from '@playwright/test';
import { contactEntry, openAs, sendAs } from '../../../e2e/support/chat.js';
import { createUser, signIn } from '../../../e2e/support/users.js';
import { THEMES, WIDTHS, person, shoot, suffix, useTheme, viewport } from './shoot.js';

for (const width of WIDTHS) {
  test.describe(`chat at ${width} px`, () => {
    test.use({ viewport: viewport(width), reducedMotion: 'reduce' });

    test('contacts and a conversation, with a seen mark and presence', async ({ browser, page, request }) => {
      const meCred = person('Alan', width);
      const [graceCred, linusCred, marieCred] = ['Barbara', 'Linus', 'Marie'].map((first) =>
        person(first, width),
      );
      if (!graceCred || !linusCred || !marieCred) throw new Error('three people expected');
      const me = await createUser(request, meCred);
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

      // Grace has the conversation open, so she is connected and has seen the last message.
      const graceView = await openAs(browser, graceCred, `/chat/:${meCred.username}`);
      await expect(graceView.page.getByRole('log').getByText(/Two small questions/)).toBeVisible();
      // The page of the test itself: a context of its own (openAs) would not have this file's viewport.
      await signIn(page, meCred);
      await page.goto(`/chat/:${graceCred.username}`);
      await expect(page.getByRole('log').getByText('Seen', { exact: true })).toBeVisible();

      for (const theme of THEMES) {
        await useTheme(page, theme);
        if (width >= 700) {
          await expect(contactEntry(page, graceCred.username).getByText('connected')).toBeVisible();
          await shoot(page, `chat${suffix(theme)}`, { fullPage: false });
        } else {
          await shoot(page, `chat-conversation${suffix(theme)}`, { fullPage: false });
          await page.getByRole('button', { name: 'Open contacts' }).click();
          await expect(contactEntry(page, graceCred.username).getByText('connected')).toBeVisible();
          await shoot(page, `chat-contacts${suffix(theme)}`, { fullPage: false });
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog', { name: 'Contacts' })).toHaveCount(0);
        }
      }
      await graceView.context.close();
    });
  });
}
