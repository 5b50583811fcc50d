import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §4 speech playback states. */
export type SpeechState = 'stopped' | 'queued' | 'started' | 'paused';

/** SPEC §8: the exact console report when the browser cannot speak. */
export const SPEECH_UNSUPPORTED_MESSAGE = 'Browser not supported! Try some other browser.';

/** SPEC §9 voice settings. */
export const SPEECH_SETTINGS = { pitch: 0.8, lang: 'en-US' } as const;

function engine(): SpeechSynthesis | null {
  const candidate = (window as Partial<Window>).speechSynthesis;
  return candidate && typeof window.SpeechSynthesisUtterance === 'function' ? candidate : null;
}

/**
 * Reads messages aloud with the browser's speech synthesis, one at a time. `busy` (queued or
 * speaking) disables every play button; leaving the conversation stops the voice.
 */
export function useSpeech() {
  const [supported] = useState(() => engine() !== null);
  const [state, setState] = useState<SpeechState>('stopped');
  const [speakingId, setSpeakingId] = useState<string | null>(null);
  // Events of an utterance that was cancelled must not touch the state of the one that replaced it.
  const current = useRef<SpeechSynthesisUtterance | null>(null);

  useEffect(() => {
    if (!supported) console.error(SPEECH_UNSUPPORTED_MESSAGE);
    return () => engine()?.cancel();
  }, [supported]);

  const speak = useCallback((id: string, text: string) => {
    const synth = engine();
    if (!synth) {
      console.error(SPEECH_UNSUPPORTED_MESSAGE);
      return;
    }
    // A paused voice would hold the queue: start afresh.
    if (current.current) synth.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.pitch = SPEECH_SETTINGS.pitch;
    utterance.lang = SPEECH_SETTINGS.lang;
    const mine = (next: SpeechState) => () => {
      if (current.current !== utterance) return;
      setState(next);
      if (next === 'stopped') {
        current.current = null;
        setSpeakingId(null);
      }
    };
    utterance.onstart = mine('started');
    utterance.onpause = mine('paused');
    utterance.onresume = mine('started');
    utterance.onend = mine('stopped');
    utterance.onerror = mine('stopped');
    current.current = utterance;
    setSpeakingId(id);
    setState('queued');
    synth.speak(utterance);
  }, []);

  const stop = useCallback(() => {
    current.current = null;
    engine()?.cancel();
    setState('stopped');
    setSpeakingId(null);
  }, []);

  return { supported, state, speakingId, speak, stop, busy: state === 'queued' || state === 'started' };
}

export type Speech = ReturnType<typeof useSpeech>;
