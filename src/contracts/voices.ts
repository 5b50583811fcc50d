import { z } from 'zod';

/** Bounds of a read-aloud voice, checked by the server and used by the sliders. */
export const VOICE_LIMITS = {
  nameMax: 200,
  rateMin: 0.5,
  rateMax: 2,
  pitchMin: 0,
  pitchMax: 2,
} as const;

/** SPEC §9: read aloud speaks American English. */
export const SPEECH_LANG = 'en-US';

/**
 * A voice name keeps what browsers' voice names are made of (letters, digits, spaces and . , : ' ( ) + _ -, as in
 * "Microsoft Zira - English (United States)" or "English (America)+Annie"); anything else, markup among it, is
 * dropped, as it is from the other persona fields (SPEC §5). The web matches browser voices through this too.
 */
export function filterVoiceName(raw: string): string {
  return raw.replace(/[^\p{L}\p{M}\p{N} .,:'()+_-]/gu, '').trim();
}

/** A number within [min, max], every refusal naming the setting and its bounds. */
function between(setting: string, min: number, max: number) {
  const outside = `Voice ${setting} must be between ${min} and ${max}`;
  return z
    .number({ error: `Voice ${setting} must be a number` })
    .min(min, outside)
    .max(max, outside);
}

/**
 * How a message is read aloud: the browser voice's name ('' for the browser's default en-US voice), its rate
 * and its pitch. The names are those of the creator's browser; a listener's browser may not have them.
 */
export const VoiceSettings = z.object({
  name: z
    .string({ error: 'Voice name must be text' })
    .transform(filterVoiceName)
    .pipe(
      z.string().max(VOICE_LIMITS.nameMax, `Voice name must be at most ${VOICE_LIMITS.nameMax} characters`),
    ),
  rate: between('rate', VOICE_LIMITS.rateMin, VOICE_LIMITS.rateMax),
  pitch: between('pitch', VOICE_LIMITS.pitchMin, VOICE_LIMITS.pitchMax),
});
export type VoiceSettings = z.infer<typeof VoiceSettings>;

/** SPEC §9's voice (the browser's en-US voice at pitch 0.8): every persona and person starts with it. */
export const DEFAULT_VOICE: VoiceSettings = { name: '', rate: 1, pitch: 0.8 };
