import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE, filterVoiceName } from '../../contracts/voices.js';
import { installFakeSpeech } from '../test/speech.js';
import { sameVoice, speechEngine, voiceUtterance } from './speech-voices.js';

function engineWith(voices: { name: string; lang: string }[]) {
  const { synth } = installFakeSpeech();
  synth.voices = voices;
  const engine = speechEngine();
  if (!engine) throw new Error('no speech engine');
  return engine;
}

describe('voiceUtterance', () => {
  it('speaks in the named voice, in its language, at the chosen rate and pitch', () => {
    const engine = engineWith([{ name: 'Daniel', lang: 'en-GB' }]);
    const utterance = voiceUtterance(engine, 'Hi', { name: 'Daniel', rate: 1.25, pitch: 0.5 });
    expect(utterance.voice?.name).toBe('Daniel');
    expect(utterance).toMatchObject({ text: 'Hi', lang: 'en-GB', rate: 1.25, pitch: 0.5 });
  });

  it('finds a voice by its stored name, which drops characters voice names may not keep', () => {
    const engine = engineWith([{ name: 'en-us#female/2', lang: 'en-US' }]);
    const utterance = voiceUtterance(engine, 'Hi', {
      name: filterVoiceName('en-us#female/2'),
      rate: 1.5,
      pitch: 1,
    });
    expect(utterance.voice?.name).toBe('en-us#female/2');
    expect(utterance).toMatchObject({ lang: 'en-US', rate: 1.5, pitch: 1 });
  });

  it('leaves the voice to the browser in en-US when none is named, keeping rate and pitch', () => {
    const engine = engineWith([{ name: 'Daniel', lang: 'en-GB' }]);
    const utterance = voiceUtterance(engine, 'Hi', { name: '', rate: 0.5, pitch: 2 });
    expect(utterance.voice).toBeNull();
    expect(utterance).toMatchObject({ lang: 'en-US', rate: 0.5, pitch: 2 });
  });

  it('falls back to SPEC §9 (en-US, pitch 0.8, rate 1) when this browser lacks the named voice', () => {
    const engine = engineWith([{ name: 'Daniel', lang: 'en-GB' }]);
    const utterance = voiceUtterance(engine, 'Hi', { name: 'Zarvox', rate: 2, pitch: 0.1 });
    expect(utterance.voice).toBeNull();
    expect(utterance).toMatchObject({ lang: 'en-US', rate: DEFAULT_VOICE.rate, pitch: 0.8 });
  });
});

describe('sameVoice', () => {
  it('compares name, rate and pitch', () => {
    expect(sameVoice(DEFAULT_VOICE, { ...DEFAULT_VOICE })).toBe(true);
    expect(sameVoice(DEFAULT_VOICE, { ...DEFAULT_VOICE, name: 'x' })).toBe(false);
    expect(sameVoice(DEFAULT_VOICE, { ...DEFAULT_VOICE, rate: 2 })).toBe(false);
    expect(sameVoice(DEFAULT_VOICE, { ...DEFAULT_VOICE, pitch: 1 })).toBe(false);
  });
});
