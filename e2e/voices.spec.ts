import { expect, test, type Page } from '@playwright/test';
import { composer } from './support/chat.js';
import { installFakeSpeech, spokenLines, type SpokenLine } from './support/fake-speech.js';
import { newPersonaUsername } from './support/personas.js';
import { createUser, newCredentials, signIn } from './support/users.js';

// A persona speaks in the voice its creator picked, to everyone; a person's own messages are read in the
// listener's voice for people. The speech engine is a recording fake (e2e/support/fake-speech.ts).

const PREVIEW = 'Hello! This is how I sound when your messages are read aloud.';
const OPENING = 'Buongiorno, I speak slowly and low.';

const textbox = (page: Page, name: RegExp) => page.getByRole('textbox', { name });

/** Moves a slider with the keyboard only. */
async function press(page: Page, slider: ReturnType<Page['getByRole']>, key: string, times: number) {
  await slider.focus();
  for (let i = 0; i < times; i += 1) await page.keyboard.press(key);
}

/** Waits until the fake engine has said `count` lines, and returns the last. */
async function lastSpoken(page: Page, count: number): Promise<SpokenLine | undefined> {
  await expect.poll(async () => (await spokenLines(page)).length).toBe(count);
  return (await spokenLines(page)).at(-1);
}

test('read aloud uses the persona’s voice for its messages and the listener’s voice for people’s', async ({
  browser,
  request,
}) => {
  const creator = newCredentials('voicecreator');
  const listener = newCredentials('voicelistener');
  await createUser(request, creator);
  await createUser(request, listener);
  const username = newPersonaUsername('voiced');

  const creatorContext = await browser.newContext();
  await installFakeSpeech(creatorContext);
  const studio = await creatorContext.newPage();
  await signIn(studio, creator);

  await test.step('the creator picks, previews and saves a voice in Creator Studio', async () => {
    await studio.goto('/create');
    await textbox(studio, /^Name/).fill('Voiced Sage');
    await textbox(studio, /^Username/).fill(username);
    await textbox(studio, /^Bio/).fill('Speaks slowly and low.');
    await textbox(studio, /^Prompt/).fill('You speak slowly and low.');
    await textbox(studio, /^Opening message/).fill(OPENING);
    await studio.getByRole('combobox', { name: /^Category/ }).selectOption('Fun');
    const group = studio.getByRole('group', { name: 'Read-aloud voice' });
    await group.getByRole('combobox', { name: 'Voice' }).selectOption({ label: 'Bruno (it-IT)' });
    const rate = group.getByRole('slider', { name: 'Rate' });
    const pitch = group.getByRole('slider', { name: 'Pitch' });
    await press(studio, rate, 'ArrowLeft', 5);
    await press(studio, pitch, 'ArrowLeft', 8);
    await expect(rate).toHaveAttribute('aria-valuetext', '0.75');
    await expect(pitch).toHaveAttribute('aria-valuetext', '0.4');
    await group.getByRole('button', { name: 'Preview voice' }).press('Enter');
    expect(await lastSpoken(studio, 1)).toEqual({
      text: PREVIEW,
      voice: 'Bruno',
      lang: 'it-IT',
      rate: 0.75,
      pitch: 0.4,
    });
    await studio.getByRole('button', { name: 'Create AI' }).click();
    await expect(studio).toHaveURL(new RegExp(`/${username}$`));
  });
  await creatorContext.close();

  const listenerContext = await browser.newContext();
  await installFakeSpeech(listenerContext);
  const page = await listenerContext.newPage();
  await signIn(page, listener);

  await test.step('the listener picks a voice for people’s messages', async () => {
    await page.goto('/update');
    const group = page.getByRole('group', { name: 'Voice for people’s messages' });
    await group.getByRole('combobox', { name: 'Voice' }).selectOption({ label: 'Alice (en-GB)' });
    await press(page, group.getByRole('slider', { name: 'Rate' }), 'ArrowRight', 5);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
  });

  await test.step('the persona’s bubble is read in its voice, the listener’s own in theirs', async () => {
    await page.goto(`/chat/:${username}`);
    const box = composer(page, username);
    await box.fill('Hello there');
    await box.press('Enter');
    const log = page.getByRole('log');
    const personaBubble = log.locator('article').filter({ hasText: OPENING });
    const ownBubble = log.locator('article').filter({ hasText: 'Hello there' });
    await personaBubble.getByRole('button', { name: 'Read aloud' }).click();
    expect(await lastSpoken(page, 1)).toEqual({
      text: OPENING,
      voice: 'Bruno',
      lang: 'it-IT',
      rate: 0.75,
      pitch: 0.4,
    });
    const readOwn = ownBubble.getByRole('button', { name: 'Read aloud' });
    await expect(readOwn).toBeEnabled();
    await readOwn.click();
    expect(await lastSpoken(page, 2)).toEqual({
      text: 'Hello there',
      voice: 'Alice',
      lang: 'en-GB',
      rate: 1.25,
      pitch: 0.8,
    });
  });
  await listenerContext.close();
});
