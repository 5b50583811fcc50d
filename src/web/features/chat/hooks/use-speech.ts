import { useCallback, useEffect, useRef, useState } from 'react';
import type { VoiceSettings } from '../../../../contracts/voices.js';
import { speechEngine as engine, voiceUtterance } from '../../../lib/speech-voices.js';

/** SPEC §4 speech playback states. */
export type SpeechState = 'stopped' | 'queued' | 'started' | 'paused';

/** SPEC §8: the exact console report when the browser cannot speak. */
export const SPEECH_UNSUPPORTED_MESSAGE = 'Browser not supported! Try some other browser.';

/** Shown (and announced) when the browser cannot read aloud after all: it has no voices, or its engine failed. */
export const SPEECH_NO_VOICE_MESSAGE =
  'Read aloud is not available: this browser has no voice to read with. Try another browser or install a voice.';

/** Errors that mean nothing can be read at all (not a cancel or an interruption by the next message). */
const NO_VOICE_ERRORS: ReadonlySet<string> = new Set([
  'synthesis-failed',
  'synthesis-unavailable',
  'audio-hardware',
  'language-unavailable',
  'voice-unavailable',
  'network',
]);

/** Without a start by then, and with no voice listed, the browser is silently unable to speak. */
const START_WATCHDOG_MS = 4000;

/**
 * Reads messages aloud with the browser's speech synthesis, one at a time. `busy` (queued or
 * speaking) disables every play button; leaving the conversation stops the voice.
 */
export function useSpeech() {
  const [supported] = useState(() => engine() !== null);
  const [state, setState] = useState<SpeechState>('stopped');
  const [speakingId, setSpeakingId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Events of an utterance that was cancelled must not touch the state of the one that replaced it.
  const current = useRef<SpeechSynthesisUtterance | null>(null);
  const watchdog = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!supported) console.error(SPEECH_UNSUPPORTED_MESSAGE);
    return () => {
      clearTimeout(watchdog.current);
      engine()?.cancel();
    };
  }, [supported]);

  /** Reads `text` in its sender's `voice`. */
  const speak = useCallback((id: string, text: string, voice: VoiceSettings) => {
    const synth = engine();
    if (!synth) {
      console.error(SPEECH_UNSUPPORTED_MESSAGE);
      return;
    }
    // A paused voice would hold the queue: start afresh.
    if (current.current) synth.cancel();
    const utterance = voiceUtterance(synth, text, voice);
    const mine = (next: SpeechState) => () => {
      if (current.current !== utterance) return;
      if (next !== 'queued') clearTimeout(watchdog.current);
      setState(next);
      if (next === 'stopped') {
        current.current = null;
        setSpeakingId(null);
      }
    };
    const unable = () => {
      if (current.current !== utterance) return;
      setNotice(SPEECH_NO_VOICE_MESSAGE);
      mine('stopped')();
    };
    utterance.onstart = mine('started');
    utterance.onpause = mine('paused');
    utterance.onresume = mine('started');
    utterance.onend = mine('stopped');
    utterance.onerror = (event: SpeechSynthesisErrorEvent) =>
      NO_VOICE_ERRORS.has(event.error) ? unable() : mine('stopped')();
    current.current = utterance;
    setNotice(null);
    setSpeakingId(id);
    setState('queued');
    clearTimeout(watchdog.current);
    // Some browsers without a voice neither speak nor fail: say so rather than wait forever.
    watchdog.current = setTimeout(() => {
      if (synth.getVoices().length > 0) return;
      unable();
      synth.cancel();
    }, START_WATCHDOG_MS);
    synth.speak(utterance);
  }, []);

  const stop = useCallback(() => {
    clearTimeout(watchdog.current);
    current.current = null;
    engine()?.cancel();
    setState('stopped');
    setSpeakingId(null);
  }, []);

  const dismissNotice = useCallback(() => setNotice(null), []);

  return {
    supported,
    state,
    speakingId,
    speak,
    stop,
    busy: state === 'queued' || state === 'started',
    /** Why reading aloud did not happen, for the page to show and announce; null when all is well. */
    notice,
    dismissNotice,
  };
}

export type Speech = ReturnType<typeof useSpeech>;
