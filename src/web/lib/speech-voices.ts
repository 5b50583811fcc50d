import { useEffect, useState } from 'react';
import { DEFAULT_VOICE, SPEECH_LANG, filterVoiceName, type VoiceSettings } from '../../contracts/voices.js';

/** SPEC §9: speech settings take effect once they have stopped changing for this long. */
export const SPEECH_SETTINGS_DEBOUNCE_MS = 500;

/** Whether two voice settings sound the same. */
export function sameVoice(a: VoiceSettings, b: VoiceSettings): boolean {
  return a.name === b.name && a.rate === b.rate && a.pitch === b.pitch;
}

/** The browser's speech engine, or null when it cannot speak at all. */
export function speechEngine(): SpeechSynthesis | null {
  const candidate = (window as Partial<Window>).speechSynthesis;
  return candidate && typeof window.SpeechSynthesisUtterance === 'function' ? candidate : null;
}

/** The browser voice a stored voice name names: stored names are filtered (filterVoiceName), browsers' are not. */
export function findVoice(
  voices: readonly SpeechSynthesisVoice[],
  name: string,
): SpeechSynthesisVoice | undefined {
  return name === '' ? undefined : voices.find((voice) => filterVoiceName(voice.name) === name);
}

/**
 * An utterance of `text` in `voice` as far as this browser can: a voice name it does not have (the creator's
 * browser had it, this one does not) falls back to SPEC §9's en-US voice at pitch 0.8, because the chosen rate and
 * pitch were tuned for the missing voice and may sound wrong on another.
 */
export function voiceUtterance(
  synth: SpeechSynthesis,
  text: string,
  voice: VoiceSettings,
): SpeechSynthesisUtterance {
  const utterance = new SpeechSynthesisUtterance(text);
  const found = findVoice(synth.getVoices(), voice.name);
  const settings = voice.name !== '' && !found ? DEFAULT_VOICE : voice;
  utterance.lang = found?.lang ?? SPEECH_LANG;
  if (found) utterance.voice = found;
  utterance.rate = settings.rate;
  utterance.pitch = settings.pitch;
  return utterance;
}

/** The browser's voices, kept up to date: Chrome lists them only after a while, announced by voiceschanged. */
export function useBrowserVoices(): readonly SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<readonly SpeechSynthesisVoice[]>(
    () => speechEngine()?.getVoices() ?? [],
  );
  useEffect(() => {
    const synth = speechEngine();
    if (!synth) return;
    const refresh = () => setVoices(synth.getVoices());
    refresh();
    synth.addEventListener('voiceschanged', refresh);
    return () => synth.removeEventListener('voiceschanged', refresh);
  }, []);
  return voices;
}
