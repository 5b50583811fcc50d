import { vi } from 'vitest';

/** What the fake speech engine was asked to say, with the utterance so tests can play its events. */
export interface SpokenUtterance {
  text: string;
  pitch: number;
  lang: string;
  utterance: FakeUtterance;
}

type Handler = ((event: Event) => void) | null;

class FakeUtterance {
  pitch = 1;
  lang = '';
  onstart: Handler = null;
  onend: Handler = null;
  onerror: Handler = null;
  onpause: Handler = null;
  onresume: Handler = null;

  constructor(readonly text: string) {}

  /** Plays one of the browser's lifecycle events. */
  fire(name: 'start' | 'end' | 'error' | 'pause' | 'resume'): void {
    this[`on${name}`]?.(new Event(name));
  }
}

/**
 * jsdom has no speech synthesis. This installs a silent engine that records every utterance;
 * setup.ts installs it for every test, and a test may remove it to check the unsupported path.
 */
export function installFakeSpeech() {
  const spoken: SpokenUtterance[] = [];
  const synth = {
    speak: vi.fn((utterance: FakeUtterance) => {
      spoken.push({ text: utterance.text, pitch: utterance.pitch, lang: utterance.lang, utterance });
    }),
    cancel: vi.fn(() => spoken.at(-1)?.utterance.fire('end')),
    pause: vi.fn(),
    resume: vi.fn(),
    /** One voice, like most browsers; a test may empty it to play a browser without voices. */
    voices: [{ name: 'Fake voice', lang: 'en-US' }] as { name: string; lang: string }[],
    getVoices: vi.fn(() => synth.voices),
  };
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return { spoken, synth };
}

/** Makes the browser look like it has no speech synthesis at all. */
export function removeSpeech(): void {
  vi.stubGlobal('speechSynthesis', undefined);
  vi.stubGlobal('SpeechSynthesisUtterance', undefined);
}
