import type { BrowserContext, Page } from '@playwright/test';

/** What the page asked the fake speech engine to say, with the settings it asked for. */
export interface SpokenLine {
  text: string;
  voice: string;
  lang: string;
  rate: number;
  pitch: number;
}

/** The browser voices the fake engine lists. */
export const FAKE_VOICES = [
  { name: 'Alice', lang: 'en-GB' },
  { name: 'Bruno', lang: 'it-IT' },
];

/**
 * This Chromium has no voices and makes no sound, so every page of `context` gets a speech engine that lists
 * FAKE_VOICES and records each utterance (window.__spoken), playing start and end as a real engine would.
 */
export async function installFakeSpeech(context: BrowserContext): Promise<void> {
  await context.addInitScript((voices) => {
    type Handler = ((event: Event) => void) | null;
    const spoken: unknown[] = [];
    class FakeUtterance extends EventTarget {
      voice: { name: string; lang: string } | null = null;
      lang = '';
      rate = 1;
      pitch = 1;
      onstart: Handler = null;
      onend: Handler = null;
      onerror: Handler = null;
      onpause: Handler = null;
      onresume: Handler = null;
      constructor(readonly text: string) {
        super();
      }
    }
    class FakeSynth extends EventTarget {
      speaking = false;
      getVoices() {
        return voices;
      }
      speak(utterance: FakeUtterance) {
        const { text, lang, rate, pitch } = utterance;
        spoken.push({ text, voice: utterance.voice?.name ?? '', lang, rate, pitch });
        setTimeout(() => utterance.onstart?.(new Event('start')), 10);
        setTimeout(() => utterance.onend?.(new Event('end')), 50);
      }
      cancel() {}
      pause() {}
      resume() {}
    }
    Object.defineProperty(window, 'speechSynthesis', { value: new FakeSynth(), configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
    Object.defineProperty(window, '__spoken', { value: spoken });
  }, FAKE_VOICES);
}

/** Everything the page has asked the fake engine to say so far. */
export async function spokenLines(page: Page): Promise<SpokenLine[]> {
  return page.evaluate(() => (window as unknown as { __spoken: SpokenLine[] }).__spoken.slice());
}
