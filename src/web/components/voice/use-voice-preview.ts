import { useCallback, useEffect, useRef, useState } from 'react';
import type { VoiceSettings } from '../../../contracts/voices.js';
import {
  SPEECH_SETTINGS_DEBOUNCE_MS,
  sameVoice,
  speechEngine,
  voiceUtterance,
} from '../../lib/speech-voices.js';

/**
 * Speaks `sample` in a voice being chosen. While it plays, a changed setting is heard by starting the sample over,
 * but only once the settings have stopped changing for 500 ms (SPEC §9), so dragging a slider does not stutter.
 */
export function useVoicePreview(voice: VoiceSettings, sample: string) {
  const [playing, setPlaying] = useState(false);
  // Events of a preview that was cut off must not end the one that replaced it.
  const current = useRef<SpeechSynthesisUtterance | null>(null);
  const heard = useRef<VoiceSettings | null>(null);

  const play = useCallback(
    (settings: VoiceSettings) => {
      const synth = speechEngine();
      if (!synth) return;
      current.current = null;
      synth.cancel();
      const utterance = voiceUtterance(synth, sample, settings);
      const done = () => {
        if (current.current !== utterance) return;
        current.current = null;
        setPlaying(false);
      };
      utterance.onend = done;
      utterance.onerror = done;
      current.current = utterance;
      heard.current = settings;
      setPlaying(true);
      synth.speak(utterance);
    },
    [sample],
  );

  const stop = useCallback(() => {
    current.current = null;
    speechEngine()?.cancel();
    setPlaying(false);
  }, []);

  useEffect(() => {
    if (!playing || !heard.current || sameVoice(heard.current, voice)) return;
    const timer = window.setTimeout(() => play(voice), SPEECH_SETTINGS_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [playing, voice, play]);

  // Leaving the form silences its preview.
  useEffect(
    () => () => {
      if (current.current) speechEngine()?.cancel();
    },
    [],
  );

  return { playing, play: () => play(voice), stop };
}
