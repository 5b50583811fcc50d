import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AI, GRACE, ME, buildConversation, buildMessage, fakeChatServer } from '../../../test/chat-server.js';
import { setViewport } from '../../../test/media.js';
import { renderApp } from '../../../test/render.js';
import { installFakeSpeech, removeSpeech, type SpokenUtterance } from '../../../test/speech.js';
import { SPEECH_NO_VOICE_MESSAGE, SPEECH_UNSUPPORTED_MESSAGE } from '../hooks/use-speech.js';
import { must } from '../../../test/must.js';

const theirs = buildMessage({
  text: 'Line one\n  line two <b>not bold</b>',
  createdAt: new Date(2024, 4, 7, 15, 4).toISOString(),
});
const mine = buildMessage({
  sender: ME._id,
  text: 'My reply',
  createdAt: new Date(2024, 4, 7, 21, 45).toISOString(),
});

async function openConversation() {
  fakeChatServer({ conversations: [buildConversation(GRACE)], messages: { [GRACE._id]: [theirs, mine] } });
  renderApp('/chat/:grace', { user: ME });
  await screen.findByText('My reply');
  return screen.getAllByRole('article');
}

describe('message bubbles', () => {
  it("show @sender, the time as 'MMM dd h:mm a' and the text as plain multi-line text", async () => {
    const [first, second] = await openConversation();
    expect(within(must(first)).getByText('@grace')).toBeInTheDocument();
    expect(within(must(first)).getByText('May 07 3:04 PM')).toHaveAttribute('dateTime', theirs.createdAt);
    expect(within(must(second)).getByText('@ada')).toBeInTheDocument();
    expect(within(must(second)).getByText('May 07 9:45 PM')).toBeInTheDocument();
    const text = within(must(first)).getByText(/Line one/);
    expect(text.textContent).toBe('Line one\n  line two <b>not bold</b>');
    expect(must(first).querySelector('b')).toBeNull();
  });

  it('style my own bubbles differently from theirs', async () => {
    const [first, second] = await openConversation();
    expect(must(first).className).not.toBe(must(second).className);
    expect(must(second).className).toMatch(/mine/);
  });

  it('offer a copy button only on screens narrower than 800 px', async () => {
    await openConversation();
    expect(screen.queryByRole('button', { name: 'Copy message' })).not.toBeInTheDocument();
    act(() => setViewport({ width: 799 }));
    const user = userEvent.setup();
    const [copy] = screen.getAllByRole('button', { name: 'Copy message' });
    await user.click(must(copy));
    expect(await navigator.clipboard.readText()).toBe(theirs.text);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });
});

describe('reading aloud', () => {
  it('speaks with pitch 0.8 in en-US and disables play while queued or speaking', async () => {
    const { spoken } = installFakeSpeech();
    await openConversation();
    const plays = () => screen.getAllByRole('button', { name: 'Read aloud' });
    expect(plays().every((button) => !(button as HTMLButtonElement).disabled)).toBe(true);

    await userEvent.click(must(plays()[0]));
    expect(spoken).toHaveLength(1);
    expect(spoken[0]).toMatchObject({ text: theirs.text, pitch: 0.8, lang: 'en-US' });
    // Queued: every play button waits.
    plays().forEach((button) => expect(button).toBeDisabled());

    act(() => must(spoken[0]).utterance.fire('start'));
    plays().forEach((button) => expect(button).toBeDisabled());
    act(() => must(spoken[0]).utterance.fire('pause'));
    plays().forEach((button) => expect(button).toBeEnabled());
    act(() => must(spoken[0]).utterance.fire('resume'));
    plays().forEach((button) => expect(button).toBeDisabled());

    act(() => must(spoken[0]).utterance.fire('end'));
    plays().forEach((button) => expect(button).toBeEnabled());
  });

  it('can be stopped from the bubble being read', async () => {
    const { spoken, synth } = installFakeSpeech();
    await openConversation();
    await userEvent.click(must(screen.getAllByRole('button', { name: 'Read aloud' })[1]));
    act(() => must(spoken[0]).utterance.fire('start'));
    await userEvent.click(screen.getByRole('button', { name: 'Stop reading' }));
    expect(synth.cancel).toHaveBeenCalled();
    expect(screen.getAllByRole('button', { name: 'Read aloud' })[0]).toBeEnabled();
  });

  it('says so, visibly and in a live region, when the browser has no voice to read with', async () => {
    const { spoken } = installFakeSpeech();
    await openConversation();
    const play = () => must(screen.getAllByRole('button', { name: 'Read aloud' })[0]);
    await userEvent.click(play());
    const failed = must(spoken[0]).utterance;
    act(() => failed.onerror?.(Object.assign(new Event('error'), { error: 'synthesis-failed' })));
    const status = screen.getByText(SPEECH_NO_VOICE_MESSAGE).closest('[role="status"]');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(play()).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss read-aloud notice' }));
    expect(screen.queryByText(SPEECH_NO_VOICE_MESSAGE)).not.toBeInTheDocument();
    // Being cut off by the next message is no failure.
    await userEvent.click(play());
    act(() =>
      must(spoken[1]).utterance.onerror?.(Object.assign(new Event('error'), { error: 'interrupted' })),
    );
    expect(screen.queryByText(SPEECH_NO_VOICE_MESSAGE)).not.toBeInTheDocument();
  });

  it('says so when a browser without voices neither speaks nor fails', async () => {
    const { synth } = installFakeSpeech();
    synth.voices = [];
    await openConversation();
    vi.useFakeTimers();
    try {
      act(() => must(screen.getAllByRole('button', { name: 'Read aloud' })[0]).click());
      act(() => void vi.advanceTimersByTime(3000));
      expect(screen.queryByText(SPEECH_NO_VOICE_MESSAGE)).not.toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(1500));
      expect(screen.getByText(SPEECH_NO_VOICE_MESSAGE)).toBeVisible();
      screen.getAllByRole('button', { name: 'Read aloud' }).forEach((button) => expect(button).toBeEnabled());
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a browser without speech in the console and disables play', async () => {
    removeSpeech();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await openConversation();
    expect(error).toHaveBeenCalledWith(SPEECH_UNSUPPORTED_MESSAGE);
    expect(SPEECH_UNSUPPORTED_MESSAGE).toBe('Browser not supported! Try some other browser.');
    screen.getAllByRole('button', { name: 'Read aloud' }).forEach((button) => expect(button).toBeDisabled());
  });
});

describe('reading aloud in the sender’s voice', () => {
  const PEOPLE_VOICE = { name: 'Alice', rate: 1.25, pitch: 1.1 };
  const PERSONA_VOICE = { name: 'Bruno', rate: 0.75, pitch: 0.4 };
  const voices = [
    { name: 'Alice', lang: 'en-GB' },
    { name: 'Bruno', lang: 'it-IT' },
  ];

  /** A browser with Alice and Bruno installed; returns what it is asked to say. */
  function speechWithVoices() {
    const { spoken, synth } = installFakeSpeech();
    synth.voices = voices;
    return spoken;
  }

  /** Plays every bubble of the open conversation in turn, letting each finish. */
  async function readEveryBubble(spoken: SpokenUtterance[]) {
    for (const play of screen.getAllByRole('button', { name: 'Read aloud' })) {
      await userEvent.click(play);
      act(() => spoken.at(-1)?.utterance.fire('end'));
    }
  }

  it('reads a persona’s messages in its voice and mine in my voice for people', async () => {
    const spoken = speechWithVoices();
    const persona = { ...AI, voice: PERSONA_VOICE };
    const fromAi = buildMessage({ sender: AI._id, conversationId: 'conv-ai', text: 'I am the assistant' });
    const toAi = buildMessage({ sender: ME._id, conversationId: 'conv-ai', text: 'Hello assistant' });
    fakeChatServer({
      profiles: [GRACE, persona],
      conversations: [buildConversation(persona)],
      messages: { [AI._id]: [fromAi, toAi] },
    });
    renderApp('/chat/:ai', { user: { ...ME, peopleVoice: PEOPLE_VOICE } });
    await screen.findByText('Hello assistant');
    await readEveryBubble(spoken);
    expect(spoken.map(({ text, voice, rate, pitch, lang }) => ({ text, voice, rate, pitch, lang }))).toEqual([
      { text: 'I am the assistant', voice: 'Bruno', lang: 'it-IT', rate: 0.75, pitch: 0.4 },
      { text: 'Hello assistant', voice: 'Alice', lang: 'en-GB', rate: 1.25, pitch: 1.1 },
    ]);
  });

  it('reads both sides of a conversation between people in my voice for people', async () => {
    const spoken = speechWithVoices();
    fakeChatServer({
      conversations: [buildConversation(GRACE)],
      messages: { [GRACE._id]: [theirs, mine] },
    });
    renderApp('/chat/:grace', { user: { ...ME, peopleVoice: PEOPLE_VOICE } });
    await screen.findByText('My reply');
    await readEveryBubble(spoken);
    expect(spoken.map(({ voice, rate, pitch }) => ({ voice, rate, pitch }))).toEqual([
      { voice: 'Alice', rate: 1.25, pitch: 1.1 },
      { voice: 'Alice', rate: 1.25, pitch: 1.1 },
    ]);
  });

  it('reads a persona whose voice this browser lacks in SPEC §9’s en-US voice at pitch 0.8', async () => {
    const spoken = speechWithVoices();
    const persona = { ...AI, voice: { name: 'Zarvox', rate: 2, pitch: 0.1 } };
    const fromAi = buildMessage({ sender: AI._id, conversationId: 'conv-ai', text: 'Beep' });
    fakeChatServer({
      profiles: [GRACE, persona],
      conversations: [buildConversation(persona)],
      messages: { [AI._id]: [fromAi] },
    });
    renderApp('/chat/:ai', { user: ME });
    await userEvent.click(await screen.findByRole('button', { name: 'Read aloud' }));
    expect(spoken[0]).toMatchObject({ text: 'Beep', voice: '', lang: 'en-US', rate: 1, pitch: 0.8 });
  });
});
