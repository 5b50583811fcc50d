import { vi } from 'vitest';

/** What the fake speech engine was asked to say, with the utterance so tests can play its events. */
export interface SpokenUtterance {
  text: string;
  pitch: number;
  rate: number;
  lang: string;
  /** The name of the voice it was given; '' when left to the browser. */
  voice: string;
  utterance: FakeUtterance;
}

/** The part of a SpeechSynthesisVoice the app reads. */
export interface FakeVoice {
  name: string;
  lang: string;
}

type Handler = ((event: Event) => void) | null;

class FakeUtterance {
  pitch = 1;
  rate = 1;
  lang = '';
  voice: FakeVoice | null = null;
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
  const events = new EventTarget();
  const synth = {
    speak: vi.fn((utterance: FakeUtterance) => {
      const { text, pitch, rate, lang } = utterance;
      spoken.push({ text, pitch, rate, lang, voice: utterance.voice?.name ?? '', utterance });
    }),
    cancel: vi.fn(() => spoken.at(-1)?.utterance.fire('end')),
    pause: vi.fn(),
    resume: vi.fn(),
    /** One voice, like most browsers; a test may empty it to play a browser without voices. */
    voices: [{ name: 'Fake voice', lang: 'en-US' }] as FakeVoice[],
    getVoices: vi.fn(() => synth.voices),
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    /** Lists other voices and says so, the way Chrome does once its voices have loaded. */
    setVoices(voices: FakeVoice[]) {
      synth.voices = voices;
      events.dispatchEvent(new Event('voiceschanged'));
    },
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
