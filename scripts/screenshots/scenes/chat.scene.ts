import { expect, test } from '@playwright/test';
import { contactEntry, openAs, sendAs } from '../../../e2e/support/chat.js';
import { createUser, signIn } from '../../../e2e/support/users.js';
import { THEMES, atEachWidth, person, shoot, suffix, useTheme } from './shoot.js';

atEachWidth('chat', (width) => {
  test('contacts and a conversation, with a seen mark and presence', async ({ browser, page, request }) => {
    const [alan, barbara, linus, marie] = ['Alan', 'Barbara', 'Linus', 'Marie'].map((first) =>
      person(first, width),
    );
    if (!alan || !barbara || !linus || !marie) throw new Error('four people expected');
    const ids = new Map<string, string>();
    for (const someone of [alan, barbara, linus, marie])
      ids.set(someone.username, (await createUser(request, someone))._id);

    // Oldest first, so the contacts list and the conversation come out in this order every time.
    const conversation = [
      [marie, alan, 'See you at the lab tomorrow?'],
      [
        linus,
        alan,
        'I pushed the new scheduler branch last night. It needs a careful review before we merge it into the main line, especially the locking.',
      ],
      [barbara, alan, 'Hey! Did you get a chance to look at the compiler notes?'],
      [alan, barbara, 'Yes, just now. The section on nanoseconds is brilliant.'],
      [barbara, alan, 'Wonderful. Anything unclear?'],
      [
        alan,
        barbara,
        'Two small questions:\n1. Should the examples use COBOL?\n2. Can I share it with the team?',
      ],
    ] as const;
    for (const [from, to, text] of conversation)
      await sendAs(request, from, ids.get(to.username) ?? '', text);

    // Barbara has the conversation open, so she is connected and has seen the last message.
    const barbaraView = await openAs(browser, barbara, `/chat/:${alan.username}`);
    await expect(barbaraView.page.getByRole('log').getByText(/Two small questions/)).toBeVisible();
    // The page of the test itself: a context of its own (openAs) would not have this file's viewport.
    await signIn(page, alan);
    await page.goto(`/chat/:${barbara.username}`);
    await expect(page.getByRole('log').getByText('Seen', { exact: true })).toBeVisible();

    for (const theme of THEMES) {
      await useTheme(page, theme);
      if (width >= 700) {
        await expect(contactEntry(page, barbara.username).getByText('connected')).toBeVisible();
        await shoot(page, `chat${suffix(theme)}`, { fullPage: false });
      } else {
        await shoot(page, `chat-conversation${suffix(theme)}`, { fullPage: false });
        await page.getByRole('button', { name: 'Open contacts' }).click();
        await expect(contactEntry(page, barbara.username).getByText('connected')).toBeVisible();
        await shoot(page, `chat-contacts${suffix(theme)}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Contacts' })).toHaveCount(0);
      }
    }
    await barbaraView.context.close();
  });
});
